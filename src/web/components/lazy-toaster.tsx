import { useEffect } from "react";
import { Toaster } from "sonner";
import { onToasterMounted } from "../lib/notify.ts";
import { useTheme } from "../lib/theme.ts";

/** Toasts at the top right, closing after 5 s (specification, section 9). Loaded after first paint. */
export default function LazyToaster() {
  const theme = useTheme();
  useEffect(() => onToasterMounted(), []);
  return <Toaster position="top-right" duration={5000} theme={theme} richColors closeButton />;
}
