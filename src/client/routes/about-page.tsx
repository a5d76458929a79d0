export default function AboutPage() {
  return <main id="main" className="p-6">AboutPage (to be built)</main>;
}
