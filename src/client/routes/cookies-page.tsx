export default function CookiesPage() {
  return <main id="main" className="p-6">CookiesPage (to be built)</main>;
}
