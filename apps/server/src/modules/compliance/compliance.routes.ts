import {
  SANCTIONS_FILE_MAX_BYTES,
  ZCaseDecisionRequest,
  ZCaseIdParams,
  ZComplianceCaseDetailResponse,
  ZComplianceCasesQuery,
  ZComplianceCasesResponse,
  ZComplianceSettings,
  ZRescreenRun,
  ZSanctionsListUploadResponse,
  ZSanctionsListsResponse,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rescreenRuns } from '../../db/schema';
import { JOB_QUEUES } from '../../jobs/job-queue';
import { errorResponses } from '../../plugins/error-handler';
import { readMultipart } from '../../plugins/multipart';
import { requireAdmin } from '../../plugins/route-access';
import { writeAudit } from '../audit/audit.service';
import { decideCase, getCase, listCases } from './cases.service';
import { getComplianceSettings, updateComplianceSettings } from './compliance-settings.service';
import { toRescreenRun } from './rescreen.service';
import { listSanctionsLists, uploadSanctionsList } from './sanctions-lists.service';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

/** The back office's AML screening: list versions, the screening queue and cases, settings (docs/compliance.md). */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  const deps = () => ({ db: app.db, storage: app.storage, jobs: app.jobs, log: app.log });

  app.get(
    '/admin/compliance/lists',
    {
      schema: {
        summary: 'Sanctions list versions (newest first) and the latest re-screenings with their progress',
        tags: ['compliance'],
        response: { 200: ZSanctionsListsResponse, ...errors },
      },
      config: admin,
    },
    async () => listSanctionsLists(app.db),
  );

  app.post(
    '/admin/compliance/lists',
    {
      schema: {
        summary: 'Load a new version of a sanctions list',
        description:
          'multipart/form-data: `source` (ofac_sdn, un_consolidated or eu_consolidated) and the files in the publisher’s format: OFAC `sdn` (sdn.csv) with optional `alt` (alt.csv) and `add` (add.csv); UN and EU `list` (consolidated XML / CSV). The version loads in the background and becomes the one in force; every company is then re-screened.',
        tags: ['compliance'],
        consumes: ['multipart/form-data'],
        response: { 202: ZSanctionsListUploadResponse, ...errors },
      },
      config: admin,
    },
    async (request, reply) => {
      const body = await readMultipart(request, {
        limits: { fileSize: SANCTIONS_FILE_MAX_BYTES, files: 3, fields: 1 },
      });
      const list = await uploadSanctionsList(deps(), requireAdmin(request).user.id, body.fields, body.files);
      return reply.status(202).send({ list });
    },
  );

  app.post(
    '/admin/compliance/rescreen',
    {
      schema: {
        summary: 'Re-screen every company against the lists in force now (a background job)',
        tags: ['compliance'],
        response: { 202: ZRescreenRun, ...errors },
      },
      config: admin,
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      const run = await app.db.transaction(async (tx) => {
        const [row] = await tx.insert(rescreenRuns).values({}).returning();
        await writeAudit(tx, {
          actorId: actor.user.id,
          action: 'compliance.rescreen.requested',
          entityType: 'rescreen_run',
          entityId: row!.id,
        });
        await app.jobs.enqueue(tx, JOB_QUEUES.rescreenCompanies, { runId: row!.id }, { singletonKey: row!.id });
        return row!;
      });
      return reply.status(202).send(toRescreenRun(run));
    },
  );

  app.get(
    '/admin/compliance/cases',
    {
      schema: {
        summary:
          'The screening queue: cases by status (open: oldest first) a page at a time by cursor, with the counts',
        tags: ['compliance'],
        querystring: ZComplianceCasesQuery,
        response: { 200: ZComplianceCasesResponse, ...errors },
      },
      config: admin,
    },
    async (request) => listCases(app.db, request.query),
  );

  app.get(
    '/admin/compliance/cases/:caseId',
    {
      schema: {
        summary: 'A case: the company, the listed entry, program and score, and the company’s screenings',
        tags: ['compliance'],
        params: ZCaseIdParams,
        response: { 200: ZComplianceCaseDetailResponse, ...errors },
      },
      config: admin,
    },
    async (request) => getCase(app.db, request.params.caseId),
  );

  app.post(
    '/admin/compliance/cases/:caseId/decision',
    {
      schema: {
        summary:
          'Clear a case as a false positive, or confirm it (blocks the company’s new orders and offers, holds its escrow)',
        tags: ['compliance'],
        params: ZCaseIdParams,
        body: ZCaseDecisionRequest,
        response: { 200: ZComplianceCaseDetailResponse, ...errors },
      },
      config: admin,
    },
    async (request) => decideCase(app.db, requireAdmin(request), request.params.caseId, request.body),
  );

  app.get(
    '/admin/compliance/settings',
    {
      schema: {
        summary: 'Screening threshold, embargoed jurisdictions, KYC renewal period, list fetching',
        tags: ['compliance'],
        response: { 200: ZComplianceSettings, ...errors },
      },
      config: admin,
    },
    async () => getComplianceSettings(app.db),
  );

  app.put(
    '/admin/compliance/settings',
    {
      schema: {
        summary: 'Save the compliance settings (each change audited)',
        tags: ['compliance'],
        body: ZComplianceSettings,
        response: { 200: ZComplianceSettings, ...errors },
      },
      config: admin,
    },
    async (request) => updateComplianceSettings(app.db, requireAdmin(request), request.body),
  );
};
