import type { ReactNode } from "react";
import { formatPrice, toMajor } from "../../../commerce/money";
import {
  type ConfigurableProduct,
  isAttributeValueDisabled,
  isMultiValueDisabled,
  matchingCombination,
  type Selection,
} from "../../../commerce/product-options";
import { useT } from "../../i18n/use-t";
import { useCurrency } from "../../lib/use-store";

interface Props {
  /** Prices in minor units. */
  product: ConfigurableProduct;
  selection: Selection;
  /**
   * Whether the option rules run in the browser. Before hydration (and without JavaScript) nothing is
   * disabled, because the rules could not follow the shopper's clicks; the server checks the choice instead.
   */
  interactive: boolean;
  onSelect: (attributeId: number, valueId: number) => void;
  onToggle: (groupId: number, valueId: number) => void;
  idPrefix: string;
}

/** The product's single-choice attributes as radio groups and its add-on groups as checkboxes. */
export function ProductOptionsFields({ product, selection, interactive, onSelect, onToggle, idPrefix }: Props) {
  const t = useT();
  const currency = useCurrency();
  const variantId = matchingCombination(product, selection.selectedAttributes)?.variant_id ?? null;
  const extra = (minor: number) => `+ ${formatPrice(toMajor(minor, currency.decimalPlaces), currency)}`;
  return (
    <div className="space-y-4" data-testid="product-options">
      {product.attributes.map((attribute) => (
        <fieldset key={attribute.id} data-testid={`attribute-${attribute.id}`}>
          <legend className="mb-2 text-sm font-semibold text-ink">{attribute.name}</legend>
          <div className="flex flex-wrap gap-2">
            {attribute.values.map((value) => {
              const disabled = interactive && isAttributeValueDisabled(product, selection, attribute.id, value.id);
              return (
                <Choice
                  key={value.id}
                  id={`${idPrefix}-a${value.id}`}
                  type="radio"
                  name={`selected_attributes[${attribute.id}]`}
                  value={value.id}
                  checked={selection.selectedAttributes[attribute.id] === value.id}
                  disabled={disabled}
                  onChange={() => onSelect(attribute.id, value.id)}
                >
                  {value.value}
                </Choice>
              );
            })}
          </div>
        </fieldset>
      ))}
      {product.multi_selectable_attributes.map((group) => {
        const chosen = selection.selectedMultiAttributes[group.id] ?? [];
        const min = group.min_select;
        const max = group.max_select;
        const hint =
          min > 0 && max !== null
            ? t("product.addon_hint_min_max", { min, max })
            : min > 0
              ? t("product.addon_hint_min", { min })
              : max !== null
                ? t("product.addon_hint_max", { max })
                : null;
        return (
          <fieldset key={group.id} data-testid={`group-${group.id}`}>
            <legend className="mb-2 text-sm font-semibold text-ink">
              {group.name}
              {hint ? <span className="ms-2 font-normal text-gray-600">{hint}</span> : null}
            </legend>
            <div className="flex flex-col gap-1.5">
              {group.values.map((value) => {
                const disabled = interactive && isMultiValueDisabled(product, selection, group.id, value.id);
                const price = value.variant_prices.find((vp) => vp.variant_id === variantId)?.price ?? value.price;
                return (
                  <Choice
                    key={value.id}
                    id={`${idPrefix}-m${value.id}`}
                    type="checkbox"
                    name={`selected_multi_attributes[${group.id}][]`}
                    value={value.id}
                    checked={chosen.includes(value.id)}
                    disabled={disabled}
                    onChange={() => onToggle(group.id, value.id)}
                  >
                    <span className="flex-1">{value.value}</span>
                    {price ? <span className="text-sm text-gray-600">{extra(price)}</span> : null}
                  </Choice>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

/** One value of the options form: a chip for a single choice (radio), a row for an add-on (checkbox). */
function Choice({
  id,
  type,
  children,
  ...input
}: {
  id: string;
  type: "radio" | "checkbox";
  name: string;
  value: number;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label htmlFor={id} className={type === "radio" ? "option-chip" : "option-row"} data-disabled={input.disabled || undefined}>
      <input id={id} type={type} {...input} className="accent-[var(--brand-text)]" />
      {children}
    </label>
  );
}
