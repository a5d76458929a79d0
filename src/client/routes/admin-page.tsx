export default function AdminPage() {
  return <main id="main" className="p-6">AdminPage (to be built)</main>;
}
