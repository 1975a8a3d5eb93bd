/**
 * The header search box (spec 2 "Search shows Suggestions and Top Searches"): a WAI-ARIA 1.2
 * combobox over a plain GET form to /search, so it works before (and without) JavaScript.
 * Typing asks /api/v1/suggest after a 200 ms pause (spec 9 loading delay); ArrowUp/ArrowDown move
 * through the options, Home/End jump to the first/last while one is active, Enter opens the active
 * option or submits the search, Escape closes the list (or clears the box when it is closed).
 * No libraries and no zod here, to keep the JavaScript small: the answer is checked by hand.
 * spec 4's autocomplete variant chooses the groups offered (src/domain/autocomplete.ts; decision 058).
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { Suggestion } from '@/contracts/search';
import {
  type AutocompleteVariant,
  autocompleteVariantOf,
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
  recentToOffer,
  rememberSearch,
  type SuggestGroup,
  suggestGroups,
} from '@/domain/autocomplete';
import { CONSENT_COOKIE, isAllowed, parseConsent, readCookie } from '@/domain/consent';
import { EXPERIMENTS } from '@/domain/experiments';
import { MESSAGES } from '@/domain/messages';
import { searchUrl, TOP_SEARCHES } from '@/domain/search';
import { reportExposure } from '@/stores/experiments';
import './SearchBox.css';

type Props = {
  /** The query to show (the search page passes its own). */
  query?: string;
  /** The input's accessible name, e.g. "Search Tuppence". */
  label: string;
  placeholder?: string;
};

/** spec 9: loading delay default 200 ms; also the typing pause before asking for suggestions. */
const DEBOUNCE_MS = 200;
const SUGGESTION_LIMIT = 8;
const TOP_SEARCH_OPTIONS: Suggestion[] = TOP_SEARCHES.map((text) => ({ text, url: searchUrl({ q: text }) }));

/** Only same-site paths are followed, whatever the answer says. */
const isSuggestion = (item: unknown): item is Suggestion =>
  typeof item === 'object' &&
  item !== null &&
  'text' in item &&
  'url' in item &&
  typeof item.text === 'string' &&
  typeof item.url === 'string' &&
  item.url.startsWith('/') &&
  !item.url.startsWith('//');

interface Found {
  suggestions: Suggestion[];
  places: Suggestion[];
}
const NOTHING: Found = { suggestions: [], places: [] };

/** One list of a /api/v1/suggest answer, or none when it is missing or malformed. */
function readList(body: unknown, key: 'suggestions' | 'places'): Suggestion[] {
  if (typeof body !== 'object' || body === null || !(key in body)) return [];
  const list: unknown = (body as Record<string, unknown>)[key];
  return Array.isArray(list) ? list.filter(isSuggestion) : [];
}

async function fetchSuggestions(q: string, signal: AbortSignal): Promise<Found> {
  const response = await fetch(`/api/v1/suggest?q=${encodeURIComponent(q)}&limit=${SUGGESTION_LIMIT}`, { signal });
  if (!response.ok) return NOTHING;
  const text = await response.text();
  // spec 5: an empty answer is "Empty response from server"; the box simply shows no suggestions.
  if (text.trim() === '') return NOTHING;
  const body: unknown = JSON.parse(text);
  return { suggestions: readList(body, 'suggestions'), places: readList(body, 'places') };
}

/** Recent searches live on this device only with functional cookies allowed by an answer (spec 5; decision 058). */
const mayKeepRecent = () => {
  const consent = parseConsent(readCookie(document.cookie, CONSENT_COOKIE));
  return consent.decided && isAllowed(consent, 'functional');
};

const GROUP_LABELS: Record<SuggestGroup, string> = {
  suggestions: MESSAGES.searchSuggestions,
  places: 'Places',
  recent: 'Your recent searches',
  topSearches: MESSAGES.searchTopSearches,
};

export default function SearchBox({ query = '', label, placeholder = 'Search deals and experiences' }: Props) {
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [value, setValue] = useState(query);
  const [typed, setTyped] = useState<string | null>(null);
  const [found, setFound] = useState<Found>(NOTHING);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // spec 4 autocomplete variant (decision 058): read after hydration, so every cached page's HTML is the same.
  const [variant, setVariant] = useState<AutocompleteVariant>('a');
  const [recent, setRecent] = useState<string[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const suggestions = found.suggestions;
  const groupOptions: Record<SuggestGroup, Suggestion[]> = {
    suggestions,
    places: found.places,
    recent: recentToOffer(recent, value).map((text) => ({ text, url: searchUrl({ q: text }) })),
    topSearches: TOP_SEARCH_OPTIONS,
  };
  const groups = suggestGroups(variant)
    .map((group) => ({ group, options: groupOptions[group] }))
    .filter(({ options }) => options.length > 0);
  const options = groups.flatMap((group) => group.options);

  // The box hydrates on the shopper's first touch (client:interact, decision 068): what they typed
  // meanwhile is already in the input (React leaves it there while hydrating), and focus is already
  // in it, so take both up as if typed and focused here: the list opens and suggestions are asked for.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (input.value !== query) {
      setValue(input.value);
      setTyped(input.value);
    }
    if (document.activeElement === input) setOpen(true);
  }, [query]);

  useEffect(() => {
    setVariant(autocompleteVariantOf(readCookie(document.cookie, EXPERIMENTS.autocomplete.cookie)));
    try {
      if (mayKeepRecent()) setRecent(parseRecentSearches(localStorage.getItem(RECENT_SEARCHES_KEY)));
    } catch {
      // Storage refused: no recent searches.
    }
  }, []);

  /** Variant c keeps the searches made here (newest first) on this device. */
  const keepSearch = () => {
    if (variant !== 'c') return;
    try {
      if (mayKeepRecent()) localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(rememberSearch(recent, value)));
    } catch {
      // Storage refused: the search still runs.
    }
  };

  // Ask for suggestions once typing pauses; a newer keystroke cancels the older request.
  useEffect(() => {
    if (typed === null) return;
    const q = typed.trim();
    if (q === '') {
      setFound(NOTHING);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchSuggestions(q, controller.signal).then(
        (answer) => {
          setFound(answer);
          setActive(-1);
          // The variant decides the groups from here on: its exposure, once per session (decision 058).
          reportExposure('autocomplete');
        },
        (error: unknown) => {
          // Offline, aborted or a bad answer: keep quiet and offer the Top Searches alone.
          if (!(error instanceof DOMException && error.name === 'AbortError')) setFound(NOTHING);
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive(isOpen ? (active >= last ? 0 : active + 1) : 0);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive(isOpen && active > 0 ? active - 1 : last);
        break;
      case 'Home':
      case 'End':
        if (isOpen && active >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : last);
        }
        break;
      case 'Enter': {
        const chosen = isOpen ? options[active] : undefined;
        if (chosen) {
          event.preventDefault();
          setValue(chosen.text);
          close();
          window.location.assign(chosen.url);
        }
        break;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          close();
        } else if (value !== '') {
          event.preventDefault();
          setValue('');
          setTyped('');
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  // WAI-ARIA 1.2 combobox: focus stays in the input and aria-activedescendant points at the option,
  // so options are deliberately not focusable and the keyboard is handled by the input (onKeyDown).
  const renderOption = (option: Suggestion, index: number) => (
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox input (aria-activedescendant)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the input's onKeyDown handles Enter on the active option
    <div
      key={`${index}-${option.url}`}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className="search-box__option"
      // Keep focus in the input; the click then follows the option.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => window.location.assign(option.url)}
      onMouseMove={() => setActive(index)}
    >
      {option.text}
    </div>
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> around a form is newer than some browsers we serve; role="search" is equivalent
    <form className="search-box" role="search" action="/search" method="get" onSubmit={keepSearch}>
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <input
        className="search-box__input"
        id={inputId}
        ref={inputRef}
        type="search"
        name="q"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setTyped(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <button className="search-box__button" type="submit">
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M10.5 3a7.5 7.5 0 1 1 0 15a7.5 7.5 0 1 1 0-15z" />
          <path d="M16 16l5 5" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      <div className="search-box__popup" id={listId} role="listbox" aria-label={label} hidden={!isOpen} ref={listRef}>
        {groups.map(({ group, options: groupList }, groupIndex) => {
          const first = groups.slice(0, groupIndex).reduce((sum, earlier) => sum + earlier.options.length, 0);
          return (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA group of options inside a listbox, not a form fieldset
            <div key={group} className="search-box__group" role="group" aria-labelledby={`${id}-${group}`}>
              <div className="search-box__group-label" role="none" id={`${id}-${group}`}>
                {GROUP_LABELS[group]}
              </div>
              {groupList.map((option, index) => renderOption(option, first + index))}
            </div>
          );
        })}
      </div>
      <p className="visually-hidden" role="status">
        {isOpen && suggestions.length > 0
          ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}`
          : ''}
      </p>
    </form>
  );
}
