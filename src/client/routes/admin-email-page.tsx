export default function AdminEmailPage() {
  return <main id="main" className="p-6">AdminEmailPage (to be built)</main>;
}
