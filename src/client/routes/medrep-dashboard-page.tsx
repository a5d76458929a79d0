export default function MedrepDashboardPage() {
  return <main id="main" className="p-6">MedrepDashboardPage (to be built)</main>;
}
