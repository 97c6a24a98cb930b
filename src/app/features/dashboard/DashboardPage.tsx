import { UnderConstruction } from '../../ui/UnderConstruction';

export default function DashboardPage() {
  return <UnderConstruction />;
}
