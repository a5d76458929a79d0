import { PublicLayout } from '../components/layout/public-layout';
import { HeroSection } from '../features/landing/components/hero-section';
import { UserTypeSection } from '../features/landing/components/user-type-section';

/** spec part 1, 2: the landing page. Kept light: no dashboard code is imported here (decision 012). */
export default function HomePage() {
  return (
    <PublicLayout>
      <HeroSection />
      <UserTypeSection />
    </PublicLayout>
  );
}
