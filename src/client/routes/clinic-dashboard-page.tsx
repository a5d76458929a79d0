export default function ClinicDashboardPage() {
  return <main id="main" className="p-6">ClinicDashboardPage (to be built)</main>;
}
