import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { VEHICLE_NOUNS, type VehicleType } from "../../domain/vehicle-types";
import { KeywordBox } from "./search/KeywordBox";
import { searchTarget } from "./search/search-target";

interface MakeModelSearchProps {
  /** One type: a fixed search; several: a type selector, the first chosen. */
  types: readonly VehicleType[];
  /** The first type's makes, as the server found them: the list is the chosen type's from the start. */
  makes: readonly string[];
  /** The chosen make's models, as the server found them (a page that searches itself). */
  models?: readonly string[];
  /** The button's words; "Search cars" (for the chosen type) by default. */
  submitLabel?: string;
  /** Where the form goes: the search screen (through /search) by default. */
  action?: string;
  /** More fields for the form, such as a postcode or a budget. */
  children?: ReactNode;
  /** The make and model the page was asked for, shown chosen (a page that searches itself). */
  chosen?: { make?: string; model?: string };
  /** Filters the page's search always has (the new-cars page's `condition=New`): sent with the form, and the makes and models are theirs. */
  narrowedBy?: Readonly<Record<string, string>>;
}

type Lookup = "idle" | "loading" | "failed";

/**
 * A make and model search, with optional keywords where it leads to the search
 * screen: the makes are the chosen type's (car, the first,
 * by default), as the server rendered them, and load again when the type changes (clearing
 * the choices); the model list waits for a make and empties with it; a failed lookup says
 * so and offers a retry. Without JavaScript it is a plain GET form whose make list stays
 * the first type's; /search sends a make that the chosen type does not sell to the type
 * that does.
 */
export function MakeModelSearch({
  types,
  makes: initialMakes,
  models: initialModels = [],
  submitLabel,
  action = "/search",
  children,
  chosen,
  narrowedBy = {},
}: MakeModelSearchProps) {
  const navigate = useNavigate();
  const [type, setType] = useState<VehicleType>(types[0]!);
  const [makes, setMakes] = useState(initialMakes);
  const [make, setMake] = useState(chosen?.make ?? "");
  const [models, setModels] = useState(initialModels);
  const [model, setModel] = useState(chosen?.model ?? "");
  const [lookup, setLookup] = useState<{ of: "makes" | "models"; state: Lookup }>({ of: "makes", state: "idle" });
  // Answers to lookups overtaken by a newer one are dropped.
  const latest = useRef(0);

  const load = async (of: "makes" | "models", forType: VehicleType, forMake = "") => {
    const request = ++latest.current;
    setLookup({ of, state: "loading" });
    try {
      const query = new URLSearchParams({ ...narrowedBy, ...(forMake ? { make: forMake } : {}) }).toString();
      const response = await fetch(`/api/vehicles/distinct/${forType}${query ? `?${query}` : ""}`);
      if (!response.ok) throw new Error(`${response.status}`);
      const options = (await response.json()) as { make: string[]; model?: string[] };
      if (request !== latest.current) return;
      if (of === "makes") setMakes(options.make);
      else setModels(options.model ?? []);
      setLookup({ of, state: "idle" });
    } catch {
      if (request === latest.current) setLookup({ of, state: "failed" });
    }
  };

  const chooseType = (next: VehicleType) => {
    setType(next);
    setMake("");
    setModel("");
    setModels([]);
    void load("makes", next);
  };

  const chooseMake = (next: string) => {
    setMake(next);
    setModel("");
    setModels([]);
    if (next) void load("models", type, next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (action !== "/search") return;
    event.preventDefault();
    const form = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") form.set(name, value);
    // Keywords without a make may belong to another type ("transit custom" with Cars chosen): /search decides.
    void navigate(form.get("q")?.trim() && !form.get("make") ? `/search?${form}` : searchTarget(form));
  };

  const noun = VEHICLE_NOUNS[type];
  return (
    <form className="make-model-search" method="get" action={action} onSubmit={submit}>
      {types.length > 1 ? (
        <div className="make-model-search__field">
          <label htmlFor="search-type">Vehicle type</label>
          <select id="search-type" name="type" value={type} onChange={(event) => chooseType(event.target.value as VehicleType)}>
            {types.map((option) => (
              <option key={option} value={option}>
                {VEHICLE_NOUNS[option].title}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <input type="hidden" name="type" value={type} />
      )}
      {Object.entries(narrowedBy).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="make-model-search__field">
        <label htmlFor="search-make">Make</label>
        <select id="search-make" name="make" value={make} onChange={(event) => chooseMake(event.target.value)}>
          <option value="">Any make</option>
          {makes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="make-model-search__field">
        <label htmlFor="search-model">Model</label>
        <select
          id="search-model"
          name="model"
          value={model}
          disabled={!make || (lookup.of === "models" && lookup.state === "loading")}
          onChange={(event) => setModel(event.target.value)}
        >
          <option value="">{make ? "Any model" : "Choose a make first"}</option>
          {models.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      {action === "/search" && (
        <div className="make-model-search__field">
          <KeywordBox id="search-keywords" types={[type]} label="Keywords (optional)" />
        </div>
      )}
      {children}
      {lookup.state === "failed" && (
        <p className="make-model-search__problem" role="alert">
          We couldn't load the {lookup.of} just now.{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => void (lookup.of === "makes" ? load("makes", type) : load("models", type, make))}
          >
            Try again
          </button>
        </p>
      )}
      <button type="submit" className="button">
        {submitLabel ?? `Search ${noun.many}`}
      </button>
    </form>
  );
}
