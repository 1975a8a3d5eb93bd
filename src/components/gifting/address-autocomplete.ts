/**
 * Address autocomplete on the gift pack form (/checkout/gifting), in the browser. As the
 * shopper types a postcode or a first line, spec 7's autocomplete call (GET /api/v1/address/autocomplete)
 * suggests addresses in a WAI-ARIA 1.2 combobox (focus stays in the input; aria-activedescendant
 * names the option): Down and Up move through the suggestions, Enter chooses one, Escape closes the
 * list. Choosing one fills line 1, line 2, town and postcode. Without JavaScript the inputs stay
 * plain and the postcode lookup form does the same job, so this module only adds to the page.
 */
import { type Address, AddressSuggestionsSchema } from '@/contracts/address';

/** How long typing pauses before asking (ms). */
const DEBOUNCE_MS = 200;
/** The autocomplete answers nothing under 3 characters, so nothing is asked. */
const MIN_CHARACTERS = 3;

type AddressFields = Record<'line1' | 'line2' | 'town' | 'postcode', HTMLInputElement>;

function fieldsOf(form: HTMLFormElement): AddressFields | null {
  const field = (name: string) => {
    const element = form.elements.namedItem(name);
    return element instanceof HTMLInputElement ? element : null;
  };
  const [line1, line2, town, postcode] = [field('line1'), field('line2'), field('town'), field('postcode')];
  return line1 && line2 && town && postcode ? { line1, line2, town, postcode } : null;
}

/** What a suggestion reads as, in the list and when it is announced. */
function addressText(address: Address): string {
  return [address.line1, address.line2, address.town, address.postcode].filter(Boolean).join(', ');
}

async function fetchSuggestions(query: string, signal: AbortSignal): Promise<Address[]> {
  const response = await fetch(`/api/v1/address/autocomplete?${new URLSearchParams({ q: query })}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return [];
  const parsed = AddressSuggestionsSchema.safeParse(await response.json());
  return parsed.success ? parsed.data.suggestions : [];
}

/** Turns one input into a combobox whose suggestions fill the whole address. */
function attachCombobox(input: HTMLInputElement, fields: AddressFields, status: HTMLElement): void {
  const listbox = document.createElement('ul');
  listbox.id = `${input.id}-suggestions`;
  listbox.className = 'address-suggestions';
  listbox.setAttribute('role', 'listbox');
  listbox.setAttribute('aria-label', 'Address suggestions');
  listbox.hidden = true;
  input.after(listbox);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listbox.id);
  // The browser's own autofill list would cover ours.
  input.setAttribute('autocomplete', 'off');

  let suggestions: Address[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const optionId = (index: number) => `${listbox.id}-${index}`;
  const isOpen = () => !listbox.hidden;

  function close(): void {
    listbox.hidden = true;
    active = -1;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  }

  function highlight(index: number): void {
    active = index;
    for (const [i, option] of Array.from(listbox.children).entries()) {
      option.setAttribute('aria-selected', String(i === index));
    }
    if (index < 0) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', optionId(index));
      listbox.children[index]?.scrollIntoView({ block: 'nearest' });
    }
  }

  function choose(index: number): void {
    const address = suggestions[index];
    if (address === undefined) return;
    fields.line1.value = address.line1;
    fields.line2.value = address.line2;
    fields.town.value = address.town;
    fields.postcode.value = address.postcode;
    close();
    status.textContent = `Address filled: ${addressText(address)}`;
  }

  function show(found: Address[]): void {
    suggestions = found;
    listbox.replaceChildren(
      ...found.map((address, index) => {
        const option = document.createElement('li');
        option.id = optionId(index);
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.textContent = addressText(address);
        // Keep focus in the input (the combobox pattern); the click chooses.
        option.addEventListener('mousedown', (event) => event.preventDefault());
        option.addEventListener('click', () => choose(index));
        return option;
      }),
    );
    active = -1;
    input.removeAttribute('aria-activedescendant');
    if (found.length === 0) {
      close();
      status.textContent = input.value.trim().length >= MIN_CHARACTERS ? 'No address suggestions' : '';
      return;
    }
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    status.textContent = `${found.length} address ${found.length === 1 ? 'suggestion' : 'suggestions'}: use the up and down keys to choose`;
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    pending?.abort();
    const query = input.value.trim();
    if (query.length < MIN_CHARACTERS) {
      show([]);
      return;
    }
    timer = setTimeout(() => {
      const controller = new AbortController();
      pending = controller;
      fetchSuggestions(query, controller.signal)
        .then((found) => {
          if (!controller.signal.aborted && document.activeElement === input) show(found);
        })
        .catch(() => {
          // An aborted or failed request leaves the plain form as it is.
        });
    }, DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (event) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      if (!isOpen()) {
        listbox.hidden = false;
        input.setAttribute('aria-expanded', 'true');
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      highlight(active < 0 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === 'Enter' && isOpen() && active >= 0) {
      // Enter chooses the highlighted suggestion instead of sending the form.
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && isOpen()) {
      event.preventDefault();
      close();
    }
  });

  input.addEventListener('blur', close);
}

/** Adds address autocomplete to a gift pack form's first line and postcode. */
export function enhanceAddressForm(form: HTMLFormElement): void {
  const fields = fieldsOf(form);
  if (fields === null) return;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  form.append(status);
  attachCombobox(fields.line1, fields, status);
  attachCombobox(fields.postcode, fields, status);
}
