export default function PrivacyPage() {
  return <main id="main" className="p-6">PrivacyPage (to be built)</main>;
}
