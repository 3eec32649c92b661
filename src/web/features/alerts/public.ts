import { lazy } from "react";

/** What other features use of alerts: Browse Tasks' Save this search, whose dialog loads when it opens. */
export const SaveSearchDialog = lazy(() => import("./save-search-dialog.tsx"));
