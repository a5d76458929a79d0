export default function MedrepLoginPage() {
  return <main id="main" className="p-6">MedrepLoginPage (to be built)</main>;
}
