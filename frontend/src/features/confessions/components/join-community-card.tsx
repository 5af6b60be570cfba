/** The sidebar's closing card. */
export function JoinCommunityCard() {
  return (
    <section className="bg-brand rounded-3xl p-6 text-white shadow-xl shadow-pink-500/20">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <span aria-hidden>🎓</span> Join the Community
      </h2>
      <p className="mt-2">Share your thoughts anonymously and connect with fellow students</p>
      <p className="mt-4 text-sm font-medium text-white/90">Safe • Anonymous • Moderated</p>
    </section>
  );
}
