import { UnderConstruction } from '../placeholder/UnderConstruction';

export default function DashboardPage() {
  return <UnderConstruction />;
}
