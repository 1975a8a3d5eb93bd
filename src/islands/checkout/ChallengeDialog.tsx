/**
 * The card issuer's 3-D Secure challenge as a modal dialog (PAYMENTS.md "3-D Secure 2";
 * docs/decisions/043-three-d-secure.md): a native <dialog> opened with showModal, named by its heading,
 * framing the issuer's page, with a visible Cancel. Focus goes to the heading when it opens (Tab then
 * reaches the bank's page) and back to the pay button when it closes; Escape and Cancel abandon the
 * challenge. A live region outside the dialog says what the bank asks and how it ended. Not an
 * island itself: the Checkout and AddonCardPay islands render it; it reads $threeDSecure.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { $threeDSecure, abandonChallenge } from '@/stores/three-d-secure';
import './ChallengeDialog.css';

type Props = {
  /** Where focus goes back to when the dialog closes: the pay button. */
  returnFocusTo: () => HTMLElement | null;
};

/** How long focus waits for a busy pay button to be usable again before giving up. */
const RETURN_FOCUS_WAIT_MS = 60_000;

/**
 * Focuses the pay button, once it is enabled again: it stays busy while the payment goes on, and a
 * disabled button cannot take focus.
 */
function focusWhenEnabled(target: HTMLElement | null): void {
  if (target === null) return;
  const isDisabled = () => target instanceof HTMLButtonElement && target.disabled;
  if (!isDisabled()) {
    target.focus();
    return;
  }
  const observer = new MutationObserver(() => {
    if (isDisabled()) return;
    observer.disconnect();
    target.focus();
  });
  observer.observe(target, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => observer.disconnect(), RETURN_FOCUS_WAIT_MS);
}

export default function ChallengeDialog({ returnFocusTo }: Props) {
  const { challenge, announcement } = useStore($threeDSecure);
  const baseId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef(returnFocusTo);
  returnFocus.current = returnFocusTo;
  const isOpen = challenge !== null;
  const wasOpen = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (element === null || isOpen === wasOpen.current) return;
    wasOpen.current = isOpen;
    if (isOpen) {
      if (!element.open) element.showModal();
      heading.current?.focus();
      return;
    }
    // Escape has closed it already; the challenge's end or Cancel closes it here.
    if (element.open) element.close();
    focusWhenEnabled(returnFocus.current());
  }, [isOpen]);

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <dialog
        ref={dialog}
        className="challenge-dialog"
        aria-labelledby={`${baseId}-title`}
        aria-describedby={`${baseId}-line`}
        // Escape closes the dialog (the browser's cancel); closed while the challenge is on is abandoning it.
        onClose={abandonChallenge}
      >
        <h2 className="challenge-dialog__title" id={`${baseId}-title`} ref={heading} tabIndex={-1}>
          Confirm it's you with your bank
        </h2>
        <p className="challenge-dialog__line" id={`${baseId}-line`}>
          Your bank's page is below. Follow its steps to finish paying.
        </p>
        {challenge !== null && (
          <iframe
            className="challenge-dialog__frame"
            src={challenge.challengeUrl}
            title="Your bank's security check"
            // The bank's page may run its form, but never take the shop's page elsewhere.
            sandbox="allow-forms allow-scripts allow-same-origin"
          />
        )}
        <button type="button" className="button button--secondary challenge-dialog__cancel" onClick={abandonChallenge}>
          Cancel
        </button>
      </dialog>
    </>
  );
}
