import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatCount } from "../../../domain/format";
import { MAX_QUERY_LENGTH } from "../../../domain/search-request";
import { VEHICLE_NOUNS, type VehicleType } from "../../../domain/vehicle-types";

interface Suggestion {
  label: string;
  count: number;
  href: string;
  type: VehicleType;
}

interface KeywordBoxProps {
  id: string;
  label: string;
  /** The types whose makes and models are suggested; each suggestion names its type when there are several. */
  types: readonly VehicleType[];
  defaultValue?: string;
  labelHidden?: boolean;
}

/** Suggestions are asked for once typing pauses this long. */
const PAUSE_MS = 150;

/**
 * The keyword field of a search form (name "q"), suggesting makes and models as the buyer
 * types: an ARIA combobox with a list box, worked with the arrow keys, Enter and Escape, its
 * suggestion count announced. Without JavaScript it is a plain search field its form sends.
 */
export function KeywordBox({ id, label, types, defaultValue = "", labelHidden }: KeywordBoxProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-suggestions`;
  const statusId = useId();
  const pending = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    const q = value.trim();
    if (q === "") {
      setSuggestions([]);
      return;
    }
    const timer = setTimeout(() => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      fetchSuggestions(types, q, controller.signal).then(
        (found) => {
          setSuggestions(found);
          setActive(-1);
        },
        () => undefined,
      );
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, types]);

  const shown = open && suggestions.length > 0;
  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    void navigate(suggestion.href);
  };

  return (
    <div className="keyword-box">
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : undefined}>
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={value}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        spellCheck={false}
        placeholder="Make, model or feature"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-describedby={statusId}
        aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (suggestions.length === 0) return;
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            const last = suggestions.length - 1;
            setOpen(true);
            setActive((current) => {
              if (!shown) return step > 0 ? 0 : last;
              const next = current + step;
              return next > last ? 0 : next < 0 ? last : next;
            });
          } else if (event.key === "Enter" && shown && active >= 0 && active < suggestions.length) {
            event.preventDefault();
            choose(suggestions[active]!);
          } else if (event.key === "Escape" && shown) {
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Suggestions for ${label.toLowerCase()}`}
        className="keyword-box__suggestions"
        hidden={!shown}
      >
        {suggestions.map((suggestion, i) => (
          <li
            key={`${suggestion.type} ${suggestion.href}`}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            className="keyword-box__option"
            // Chosen on press, before the field loses focus and closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            <span>{suggestion.label}</span>
            <span className="keyword-box__count">
              {formatCount(suggestion.count)} {types.length > 1 ? VEHICLE_NOUNS[suggestion.type].many : ""}
            </span>
          </li>
        ))}
      </ul>
      <p id={statusId} role="status" className="visually-hidden">
        {shown ? `${suggestions.length} suggestions; use the up and down arrows to choose one` : ""}
      </p>
    </div>
  );
}

async function fetchSuggestions(types: readonly VehicleType[], q: string, signal: AbortSignal): Promise<Suggestion[]> {
  const lists = await Promise.all(
    types.map(async (type) => {
      const response = await fetch(`/api/suggest/${type}?${new URLSearchParams({ q })}`, { signal });
      if (!response.ok) return [];
      const { suggestions } = (await response.json()) as { suggestions: Omit<Suggestion, "type">[] };
      return suggestions.map((suggestion) => ({ ...suggestion, type }));
    }),
  );
  // Across types, the type with the most vehicles for the words comes first.
  return lists.sort((a, b) => (b[0]?.count ?? 0) - (a[0]?.count ?? 0)).flat();
}
