/** What other features use of profiles: /profile's "About you" form. */
export { AboutForm, loadAbout } from "./about-form.tsx";
