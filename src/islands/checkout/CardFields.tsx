/**
 * The card fields of checkout: number, expiry, security code and billing postcode,
 * each labelled, with its error tied to it (aria-describedby, aria-invalid) and the brand read
 * from the number's prefix. Not an island itself: the Checkout island renders it and calls
 * `tokeniseCard` from src/stores/card-form.ts on submit. Values live in $cardForm; this only reads
 * the store and calls its actions.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { BRAND_NAMES, cvvLength, detectBrand } from '@/domain/card-details';
import { $cardForm, type CardFormField, setCardField, validateCardField } from '@/stores/card-form';
import './CardFields.css';

type Props = {
  /** The group's visible title. */
  legend?: string;
  /** While a payment is being made the fields are read-only. */
  disabled?: boolean;
};

type FieldSpec = {
  field: CardFormField;
  label: string;
  autoComplete: string;
  inputMode: 'numeric' | 'text';
  placeholder?: string;
  hint?: string;
  maxLength: number;
};

export default function CardFields({ legend = 'Card details', disabled = false }: Props) {
  const form = useStore($cardForm);
  const baseId = useId();
  const brand = detectBrand(form.fields.number);
  const cvvDigits = brand === 'unknown' ? '3 or 4' : String(cvvLength(brand));

  const specs: Record<CardFormField, FieldSpec> = {
    number: { field: 'number', label: 'Card number', autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 },
    expiry: {
      field: 'expiry',
      label: 'Expiry date',
      autoComplete: 'cc-exp',
      inputMode: 'numeric',
      placeholder: 'MM/YY',
      hint: 'MM/YY',
      maxLength: 5,
    },
    cvv: {
      field: 'cvv',
      label: 'Security code',
      autoComplete: 'cc-csc',
      inputMode: 'numeric',
      hint: brand === 'amex' ? '4 digits on the front' : `${cvvDigits} digits on the back`,
      maxLength: 4,
    },
    postcode: {
      field: 'postcode',
      label: 'Billing postcode',
      autoComplete: 'postal-code',
      inputMode: 'text',
      maxLength: 8,
    },
  };

  function renderField(spec: FieldSpec) {
    const id = `${baseId}-${spec.field}`;
    const error = form.errors[spec.field];
    const showsBrand = spec.field === 'number' && brand !== 'unknown';
    const describedBy = [
      spec.hint ? `${id}-hint` : null,
      showsBrand ? `${id}-brand` : null,
      error ? `${id}-error` : null,
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={`card-fields__field card-fields__field--${spec.field}`}>
        <div className="card-fields__label-row">
          <label className="card-fields__label" htmlFor={id}>
            {spec.label}
          </label>
          {showsBrand && (
            <span className={`card-fields__brand card-fields__brand--${brand}`} id={`${id}-brand`}>
              {BRAND_NAMES[brand]}
            </span>
          )}
        </div>
        {spec.hint && (
          <span className="card-fields__hint" id={`${id}-hint`}>
            {spec.hint}
          </span>
        )}
        <input
          className="card-fields__input"
          id={id}
          name={`card-${spec.field}`}
          type="text"
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
          placeholder={spec.placeholder}
          maxLength={spec.maxLength}
          spellCheck={false}
          required
          value={form.fields[spec.field]}
          onChange={(event) => setCardField(spec.field, event.currentTarget.value)}
          onBlur={() => {
            if (form.fields[spec.field]) validateCardField(spec.field);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {error && (
          <p className="card-fields__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <fieldset className="card-fields" disabled={disabled}>
      <legend className="card-fields__legend">{legend}</legend>
      {renderField(specs.number)}
      <div className="card-fields__pair">
        {renderField(specs.expiry)}
        {renderField(specs.cvv)}
      </div>
      {renderField(specs.postcode)}
      <p className="card-fields__message" role="status" aria-live="polite">
        {form.message ?? ''}
      </p>
    </fieldset>
  );
}
