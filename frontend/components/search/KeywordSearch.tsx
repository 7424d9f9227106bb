import { Form } from "react-router";
import { searchRequestToParams, type SearchRequest } from "../../../domain/search-request";
import { VEHICLE_NOUNS, type VehicleType } from "../../../domain/vehicle-types";
import { KeywordBox } from "./KeywordBox";

/**
 * The search screen's keyword form: the words, with the filters, order and page size in use
 * carried along, so a keyword narrows the search on show. A GET form, working without
 * JavaScript.
 */
export function KeywordSearch({ pathname, type, wanted }: { pathname: string; type: VehicleType; wanted: SearchRequest }) {
  // After the words, so the address reads as the canonical one does: q first.
  const carried = [...searchRequestToParams({ ...wanted, q: undefined, page: 1 })];
  return (
    <Form
      method="get"
      action={pathname}
      role="search"
      aria-label={`Search ${VEHICLE_NOUNS[type].many} by keyword`}
      className="keyword-search"
    >
      {/* A new address (a keyword removed elsewhere) starts the field afresh. */}
      <KeywordBox
        key={wanted.q ?? ""}
        id="search-q"
        types={[type]}
        defaultValue={wanted.q}
        label={`Search ${VEHICLE_NOUNS[type].many}`}
        labelHidden
      />
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  );
}
