/** The Reports screen wired to the app: the report call and the copy kept on the device. */
import { getBolReport } from '../../api/reports';
import { keepBolReport, readKeptBolReport } from '../../db/device-copies';
import { isOnline } from '../../lib/online';
import type { ReportDeps } from './load-report';

export const appReportDeps: ReportDeps = {
  online: isOnline,
  fetchReport: getBolReport,
  keepReport: keepBolReport,
  readKeptReport: readKeptBolReport,
};
