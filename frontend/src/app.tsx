import { type College, endpoints } from '@secretchatbox/contracts';
import { useEffect, useState } from 'react';

/** The first page: the frontend-shell issue replaces it with the product's screens. */
export function App() {
  const [colleges, setColleges] = useState<College[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    fetch(endpoints.listColleges.path)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then(setColleges, () => setFailed(true));
  }, []);

  return (
    <main className="page">
      <section className="card">
        <h1>SecretChatBox</h1>
        <p className="tagline">Anonymous campus confessions</p>
        <h2>Colleges</h2>
        {failed && <p role="alert">Failed to fetch colleges</p>}
        {!colleges && !failed && <p>Loading…</p>}
        <ul>
          {colleges?.map((college) => (
            <li key={college.id}>
              {college.name} ({college.code})
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
