import { useNavigation } from "@remix-run/react";

/** Whether the cart's form of this intent is on its way, so its button waits instead of sending it twice. */
export function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}
