export default function ContactPage() {
  return <main id="main" className="p-6">ContactPage (to be built)</main>;
}
