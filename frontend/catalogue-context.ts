import { createContext } from "react-router";
import type { Catalogue } from "../backend/catalogue";

/**
 * The catalogue the server started, handed to every loader through React Router's request
 * context, so pages read stock from the same services as the API instead of calling it over
 * HTTP. Only the type crosses into front-end code.
 */
export const catalogueContext = createContext<Catalogue>();
