/*
 * The issuer's challenge page (./three-d-secure-challenge.tsx). While the check is asked, Escape
 * cancels it, as the shop's dialog around the frame does (keys pressed inside a frame from another
 * origin never reach the shop's page). Once it has ended: tells the shop's page that frames it how it
 * ended (src/contracts/three-d-secure.ts ThreeDSecureChallengeMessage), and only the shop origin the
 * authentication named. A file of its own, so the page's policy allows scripts from its own origin
 * only, never inline ones.
 */
(() => {
  const cancel = document.querySelector('button[name="action"][value="cancel"]');
  if (cancel !== null) {
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        cancel.click();
      }
    });
  }

  const result = document.querySelector('[data-three-d-secure-result]');
  if (result === null || window.parent === window) return;
  const { authenticationId, status, returnOrigin } = result.dataset;
  if (!authenticationId || !status || !returnOrigin) return;
  window.parent.postMessage({ type: 'three-d-secure:challenge-complete', authenticationId, status }, returnOrigin);
})();
