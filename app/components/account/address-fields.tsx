import { ADDRESS_LABEL_MESSAGES, ADDRESS_LABELS } from "../../../commerce/addresses";
import { useT } from "../../i18n/use-t";
import type { FormRefusal } from "../../lib/form-refusal";
import { TextField } from "./text-field";

/** Every field the form shows a message beside. */
export const ADDRESS_FIELDS = ["name", "phone", "line1", "line2", "landmark", "city", "state", "pincode", "latitude", "label"] as const;

/**
 * The fields of the add-address form, refilled with what was sent after a refusal, each with its message beside it.
 * The position (latitude, longitude) is hidden: only 'Use my current location' sets it.
 */
export function AddressFields({ refusal }: { refusal?: FormRefusal | null }) {
  const t = useT();
  const values = refusal?.values ?? {};
  const errors = refusal?.fields ?? {};
  const field = (name: string) => ({ name, refusal });
  return (
    <>
      <TextField label={t("account.full_name")} autoComplete="name" maxLength={100} {...field("name")} />
      <TextField label={t("account.phone")} type="tel" autoComplete="tel" maxLength={30} {...field("phone")} />
      <TextField label={t("account.line1")} autoComplete="address-line1" maxLength={200} {...field("line1")} />
      <TextField label={t("account.line2")} autoComplete="address-line2" maxLength={200} required={false} {...field("line2")} />
      <TextField label={t("account.landmark")} maxLength={100} required={false} {...field("landmark")} />
      <TextField label={t("account.city")} autoComplete="address-level2" maxLength={100} {...field("city")} />
      <TextField label={t("account.state")} autoComplete="address-level1" maxLength={100} {...field("state")} />
      <TextField label={t("account.pincode")} autoComplete="postal-code" inputMode="numeric" maxLength={12} {...field("pincode")} />
      <input type="hidden" name="latitude" defaultValue={values.latitude ?? ""} />
      <input type="hidden" name="longitude" defaultValue={values.longitude ?? ""} />
      {errors.latitude ? <p className="text-sm text-red-800">{errors.latitude}</p> : null}
      <fieldset className="flex flex-col gap-1 text-sm text-ink">
        <legend className="mb-1">{t("account.save_as")}</legend>
        <div className="flex gap-4">
          {ADDRESS_LABELS.map((label) => (
            <label key={label} className="flex items-center gap-1">
              <input type="radio" name="label" value={label} defaultChecked={(values.label ?? "Home") === label} />
              {t(ADDRESS_LABEL_MESSAGES[label])}
            </label>
          ))}
        </div>
        {errors.label ? <span className="text-red-800">{errors.label}</span> : null}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" name="make_default" value="yes" defaultChecked={values.make_default === "yes"} />
        {t("account.make_default_address")}
      </label>
    </>
  );
}
