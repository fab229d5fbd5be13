// Worker thread entry of background-validation.ts: validates its job and posts the report.
import { parentPort, workerData } from 'node:worker_threads';
import { ValidationJob, validationReport } from './background-validation';

parentPort!.postMessage({ report: validationReport(workerData as ValidationJob) });
