import { rangeLabel, stepLabel } from "../../../domain/filter-labels";
import {
  FILTER_ON,
  FILTERS,
  formatRange,
  parseRange,
  spelledAsStock,
  textKey,
  type FacetOption,
  type FilterName,
  type RangeFilterName,
} from "../../../domain/filters";
import { formatCount } from "../../../domain/format";
import { isRangePair, rangeEndParam, rangeSteps, type RangeEnd } from "../../../domain/range-ends";
import { searchRequestToParams, type SearchRequest } from "../../../domain/search-request";
import type { FilterOptions } from "./offered-filters";
import { withFilter, withRangeEnd } from "./search-changes";

interface FilterFieldsProps {
  /** The search last asked for: controls show it at once, before its results arrive. */
  wanted: SearchRequest;
  /** The search whose results are on show, which the options were counted for. */
  shown: SearchRequest;
  /** Each filter's options with counts, from the last results. */
  options: FilterOptions;
  /** The filters to show, from offeredFilters. */
  offered: readonly FilterName[];
  onChange(next: SearchRequest): void;
}

/**
 * The filters themselves, one labelled select each (price, year and mileage a minimum and a
 * maximum), each with the id `filter-${name}` that the filter bar's links lead to. They sit in
 * a GET form, so without JavaScript they are sent as the address's parameters.
 */
export function FilterFields({ wanted, shown, options, offered, onChange }: FilterFieldsProps) {
  // Models on hand belong to the make on show; another make's arrive with its results.
  const modelsFit = sameText(wanted.filters.make, shown.filters.make);
  return offered.map((name) =>
    FILTERS[name].kind === "recent" ? (
      <OnOffField key={name} id={`filter-${name}`} name={name} wanted={wanted} options={options[name] ?? []} onChange={onChange} />
    ) : isRangePair(name) ? (
      <RangePairField key={name} id={`filter-${name}`} name={name} wanted={wanted} options={options[name] ?? []} onChange={onChange} />
    ) : (
      <FilterField
        key={name}
        id={`filter-${name}`}
        name={name}
        wanted={wanted}
        options={name === "model" && !modelsFit ? [] : (options[name] ?? [])}
        disabled={name === "model" && (wanted.filters.make === undefined || !modelsFit)}
        onChange={onChange}
      />
    ),
  );
}

/** What the filter form sends along without a field for it (the words, the postcode and distance), so that sending it without JavaScript keeps them. */
export function CarriedAlong({ wanted }: { wanted: SearchRequest }) {
  const carried = [...searchRequestToParams({ q: wanted.q, postcode: wanted.postcode, withinMiles: wanted.withinMiles })];
  return carried.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

function sameText(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined ? a === b : textKey(a) === textKey(b);
}

function FilterField({
  id,
  name,
  wanted,
  options,
  disabled,
  onChange,
}: {
  id: string;
  name: FilterName;
  wanted: SearchRequest;
  options: FacetOption[];
  disabled: boolean;
  onChange(next: SearchRequest): void;
}) {
  const chosen = wanted.filters[name];
  let value = "";
  if (typeof chosen === "string") value = spelledAsStock(chosen, options);
  else if (chosen && chosen !== true) value = formatRange(chosen);
  // A value the stock no longer has (an old link) stays listed, so the select can show it.
  const listed = value && !options.some((option) => option.value === value) ? [{ value, count: 0 }, ...options] : options;
  return (
    <div className="filter-field" id={id}>
      <label htmlFor={`${id}-select`}>{FILTERS[name].label}</label>
      <select
        id={`${id}-select`}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(withFilter(wanted, name, event.target.value))}
      >
        <option value="">Any</option>
        {listed.map((option) => (
          <option key={option.value} value={option.value}>
            {optionLabel(name, option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A range picked as its two ends, grouped under the filter's label (a budget as its ceiling alone): "Min" and "Max" on
 * screen, "Min price" and "Max price" to a screen reader. Without JavaScript they are sent
 * as `priceMin` and `priceMax`, which the search page folds into `price` (foldRangeEnds).
 * The steps carry no counts: a band's count cannot say how many vehicles an end would
 * leave, since a vehicle on a band's edge is counted in both bands beside it.
 */
function RangePairField({
  id,
  name,
  wanted,
  options,
  onChange,
}: {
  id: string;
  name: RangeFilterName;
  wanted: SearchRequest;
  options: FacetOption[];
  onChange(next: SearchRequest): void;
}) {
  const chosen = wanted.filters[name];
  const label = FILTERS[name].label;
  const select = (which: RangeEnd, selectId: string, stepWords: (step: string) => string) => {
    const value = chosen?.[which];
    return (
      <select
        id={selectId}
        name={rangeEndParam(name, which)}
        value={value === undefined ? "" : String(value)}
        onChange={(event) => onChange(withRangeEnd(wanted, name, which, event.target.value))}
      >
        <option value="">Any</option>
        {rangeSteps(name, options, value).map((step) => (
          <option key={step} value={String(step)}>
            {stepWords(stepLabel(name, step))}
          </option>
        ))}
      </select>
    );
  };
  // A budget is one select of ceilings, "Up to £250 a month", under the filter's own label.
  if ((FILTERS[name] as { upToOnly?: true }).upToOnly) {
    return (
      <div className="filter-field" id={id}>
        <label htmlFor={`${id}-max`}>{label}</label>
        {select("max", `${id}-max`, (step) => `Up to ${step}`)}
      </div>
    );
  }
  const end = (which: RangeEnd, words: string) => (
    <div className="filter-field__end">
      <label htmlFor={`${id}-${which}`}>
        {words}
        <span className="visually-hidden"> {label.toLowerCase()}</span>
      </label>
      {select(which, `${id}-${which}`, (step) => step)}
    </div>
  );
  return (
    <fieldset className="filter-field filter-field--range" id={id}>
      <legend>{label}</legend>
      {end("min", "Min")}
      {end("max", "Max")}
    </fieldset>
  );
}

/** An on/off filter ("Recently reduced") as a checkbox, with how many vehicles it would leave. */
function OnOffField({
  id,
  name,
  wanted,
  options,
  onChange,
}: {
  id: string;
  name: FilterName;
  wanted: SearchRequest;
  options: FacetOption[];
  onChange(next: SearchRequest): void;
}) {
  const count = options.find((option) => option.value === FILTER_ON)?.count ?? 0;
  return (
    <div className="filter-field filter-field--on-off" id={id}>
      <input
        type="checkbox"
        id={`${id}-check`}
        name={name}
        value={FILTER_ON}
        checked={wanted.filters[name] === true}
        onChange={(event) => onChange(withFilter(wanted, name, event.target.checked ? FILTER_ON : ""))}
      />
      <label htmlFor={`${id}-check`}>{count > 0 ? `${FILTERS[name].label} (${formatCount(count)})` : FILTERS[name].label}</label>
    </div>
  );
}

function optionLabel(name: FilterName, { value, count, label }: FacetOption): string {
  const range = FILTERS[name].kind === "range" ? parseRange(value) : undefined;
  const text = range && !("problem" in range) ? rangeLabel(name as RangeFilterName, range) : (label ?? value);
  return count > 0 ? `${text} (${formatCount(count)})` : text;
}
