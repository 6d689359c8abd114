/** The query parameter of the check's form (a GET form: the check is a read, and works the same without JavaScript). */
export const PINCODE_PARAM = "pincode";
