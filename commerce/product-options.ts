// Placeholder types until the option rules land (branch `options`); the merge takes that branch's file.
export interface OptionValue {
  id: number;
  value: string;
}
export interface Attribute {
  id: number;
  name: string;
  values: OptionValue[];
}
export interface Combination {
  ids: number[];
  price: number;
  variant_id: number;
}
export interface VariantPrice {
  variant_id: number;
  price: number;
}
export interface MultiValue {
  id: number;
  value: string;
  price: number | null;
  dependencies: number[];
  variant_prices: VariantPrice[];
}
export interface MultiAttribute {
  id: number;
  name: string;
  min_select: number;
  max_select: number | null;
  values: MultiValue[];
}
export interface ConfigurableProduct {
  selling_price: number;
  attributes: Attribute[];
  combinations: Combination[];
  multi_selectable_attributes: MultiAttribute[];
}
export interface Selection {
  selectedAttributes: Record<number, number>;
  selectedMultiAttributes: Record<number, number[]>;
}
