/** A text field of the cart's forms (coupon, pincode, place), beside its button. */
export const FIELD_CLASS =
  "min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand focus:outline-none";
