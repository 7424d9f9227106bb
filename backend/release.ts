import { version } from "../package.json";

/** This release's version (package.json), as /healthz and the traces name it; CHANGELOG.md says what each brought. */
export const SITE_VERSION: string = version;
