/** Sign-In With Ethereum while it is off: how to turn it on (the card with the session loads then). */
export function SiweOffCard() {
  return (
    <section className="card" aria-labelledby="siwe-title">
      <h2 id="siwe-title">Sign-In With Ethereum</h2>
      <p data-testid="siwe-enabled">Off: the modal closes after connecting.</p>
      <a className="demo-link" href="?siwe=1">
        Turn sign-in on
      </a>
    </section>
  )
}
