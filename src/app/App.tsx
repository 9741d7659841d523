export function App() {
  return (
    <>
      <header>
        <h1>Podyssey</h1>
        <p>Kubernetes v1.34</p>
      </header>
      <main>
        <div data-testid="diagram" aria-label="Cluster diagram" role="region" />
      </main>
    </>
  );
}
