import { useEffect } from "react";
import { Toaster } from "sonner";
import { onToasterMounted } from "../lib/notify.ts";
import { useTheme } from "../lib/theme.ts";

/** Below the sticky header (4 rem high), so that a toast never covers the bell, the avatar or Logout. */
const BELOW_HEADER = { top: "4.75rem" };

// notify() takes toast() from here: the toaster and the toasts come in one load.
export { toast } from "sonner";

/** Toasts at the top right, closing after 5 s (specification, section 9). Loaded after first paint. */
export default function LazyToaster() {
  const theme = useTheme();
  useEffect(() => onToasterMounted(), []);
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
