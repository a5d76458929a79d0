export default function TermsPage() {
  return <main id="main" className="p-6">TermsPage (to be built)</main>;
}
