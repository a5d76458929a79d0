import { Link } from 'react-router';

/** spec part 1, 2: any other path. */
export default function NotFoundPage() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link to="/" className="mt-6 inline-block text-sm font-medium text-teal-700 underline">
          Back to Home
        </Link>
      </div>
    </main>
  );
}
