import type { PincodeAnswer } from "../../worker/api/geocoding";

/** The answer to a guest's "do you deliver here?" for the page to show: the API's answer, or why there is none. */
export type PincodeCheck = { ok: true; answer: PincodeAnswer } | { ok: false; pincode: string; message: string };

/** The query parameter of the check's form (a GET form: the check is a read, and works the same without JavaScript). */
export const PINCODE_PARAM = "pincode";
