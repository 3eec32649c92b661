import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { useTheme } from "../lib/theme.ts";
import { onToasterMounted } from "../lib/toaster.ts";

/** Below the sticky header (4 rem high), so that a toast never covers the bell, the avatar or Logout. */
const BELOW_HEADER = { top: "4.75rem" };

/** Toasts at the top right, closing after 5 s (specification, section 9). Mounted once wanted (lib/toaster.ts). */
export default function LazyToaster() {
  const theme = useTheme();
  // On screen: notify() may show its toasts, with the library's toast() it is handed.
  useEffect(() => onToasterMounted(toast), []);
  return (
    <Toaster
      position="top-right"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      duration={5000}
      theme={theme}
      richColors
      closeButton
    />
  );
}
