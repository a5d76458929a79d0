export default function HomePage() {
  return <main id="main" className="p-6">HomePage (to be built)</main>;
}
