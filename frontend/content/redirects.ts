/** The code's own redirects, for the route table; the list is the domain's, where the content rules keep the editor's redirects from clashing with it. */
export { REDIRECTS } from "../../domain/redirects";
