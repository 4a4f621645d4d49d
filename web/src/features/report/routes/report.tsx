import { LineChart } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import '../report.css';

const PLATFORMS = ['All', 'Facebook', 'Instagram', 'Threads', 'LinkedIn'];
const PERIODS = [
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'year', label: 'Year' },
];

export default function ReportRoute() {
  const [params] = useSearchParams();
  const period = PERIODS.some((p) => p.value === params.get('period')) ? params.get('period') : 'month';
  return (
    <div className="page">
      <PageHeader title="Reporting" description="Followers, engagement and audience growth across your platforms." />
      <div className="toolbar">
        <div className="chips" role="group" aria-label="Platforms">
          {PLATFORMS.map((platform) => (
            <span key={platform} className={['chip', platform === 'All' ? 'chip--active' : ''].join(' ')}>
              {platform}
            </span>
          ))}
        </div>
        <div className="segmented" role="group" aria-label="Period">
          {PERIODS.map((p) => (
            <Link
              key={p.value}
              to={`/report?period=${p.value}`}
              className={['segmented__item', period === p.value ? 'segmented__item--active' : ''].join(' ')}
              aria-current={period === p.value ? 'page' : undefined}
            >
              {p.label}
            </Link>
          ))}
        </div>
      </div>
      <Card>
        <EmptyState icon={LineChart} title="We are collecting data. Please, check in a few days">
          All Followers, Engagement and Audience Growth appear here once your connected accounts have some history.
        </EmptyState>
      </Card>
    </div>
  );
}
