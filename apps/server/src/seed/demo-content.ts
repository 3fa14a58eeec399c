import {
  DEFAULT_PLATFORM_FEE_BPS,
  DEFAULT_DISPUTE_WINDOW_DAYS,
  DEFAULT_HOLDBACK_RELEASE_BPS,
  DEFAULT_ORDER_HOLD_HOURS,
  type EscrowBankDetails,
  type PlatformCompany,
  FUND_RETENTION_DAYS,
  type PlatformSettingKey,
  DAY_MS,
} from '@tradeops/shared';
import { type AppTransaction } from '../db/client';
import { blogPosts, platformSettings } from '../db/schema';
import { storedEscrowBankDetails, storedPlatformCompany } from '../modules/settings/settings.service';
import { demoId } from './demo-ids';

/** Fictitious escrow account of the demo (the order page shows it to buyers paying by wire). */
const DEMO_ESCROW_BANK_DETAILS: EscrowBankDetails = {
  bankName: 'Banco Atlántico Internacional (demo)',
  accountName: 'TradeOps Escrow Services LLC',
  accountNumber: '0012-4478-93-1000556677',
  swift: 'BATLUS33XXX',
  bankAddress: '1200 Brickell Avenue, Miami, FL 33131, USA',
  currency: 'USD',
};

/** The fictitious company that runs the demo platform: the letterhead of its statements. */
const DEMO_PLATFORM_COMPANY: PlatformCompany = {
  legalName: 'TradeOps Marketplace LLC',
  address: '1200 Brickell Avenue, Suite 1800, Miami, FL 33131, USA',
  taxId: 'EIN 88-1234567',
};

export const DEFAULT_PLATFORM_SETTINGS: Record<PlatformSettingKey, unknown> = {
  escrow_bank_details: storedEscrowBankDetails(DEMO_ESCROW_BANK_DETAILS),
  platform_company: storedPlatformCompany(DEMO_PLATFORM_COMPANY),
  order_hold_hours: DEFAULT_ORDER_HOLD_HOURS,
  fund_retention_days: FUND_RETENTION_DAYS,
  platform_fee_bps: DEFAULT_PLATFORM_FEE_BPS,
  dispute_window_days: DEFAULT_DISPUTE_WINDOW_DAYS,
  holdback_release_bps: DEFAULT_HOLDBACK_RELEASE_BPS,
  // Stored admin e-mails (besides ADMIN_EMAILS); the demo admin is an admin by its profile.
  admin_emails: [],
};

interface DemoBlogPost {
  slug: string;
  publishedDaysAgo: number;
  coverImagePath: string;
  titleEs: string;
  titleEn: string;
  excerptEs: string;
  excerptEn: string;
  bodyEs: string;
  bodyEn: string;
}

const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    slug: 'operaciones-agrupadas-comercio-internacional',
    publishedDaysAgo: 21,
    coverImagePath: '/images/blog/pooled-trade.webp',
    titleEs: 'Operaciones agrupadas: importar un contenedor sin comprar un contenedor',
    titleEn: 'Pooled operations: importing a container without buying a whole container',
    excerptEs:
      'Cómo varias empresas comparten un mismo embarque, flete y despacho para acceder a precios de origen con compras de 5 toneladas.',
    excerptEn:
      'How several companies share one shipment, freight and customs clearance to reach origin prices with 5-ton purchases.',
    bodyEs: `En el comercio internacional de alimentos, el precio competitivo está en el contenedor completo. Un contenedor de leche en polvo son 25 toneladas: demasiado para una distribuidora mediana, y comprar por menos significa pagar a un intermediario local.

Una operación agrupada divide ese contenedor en lotes. En TradeOps cada operación publica su volumen total, el tamaño del lote (normalmente 5 toneladas), el mínimo por participante y el precio por tonelada. Cada empresa toma los lotes que necesita y paga solo su parte.

Cuando la suma de los participantes completa el volumen total, la operación queda asignada y pasa a logística: preparación del embarque, salida, tránsito y llegada al almacén indicado. El flete, el seguro y el despacho aduanero se contratan una sola vez para todo el contenedor, y el costo se reparte en proporción a las toneladas de cada comprador.

Si la operación no se completa antes de la fecha límite, nadie queda atrapado: los fondos depositados se devuelven íntegros desde la cuenta escrow.`,
    bodyEn: `In international food trade, the competitive price comes with the full container. A container of milk powder is 25 tons: too much for a mid-sized distributor, and buying less means paying a local middleman.

A pooled operation splits that container into lots. On TradeOps each operation publishes its total volume, the lot size (usually 5 tons), the minimum per participant and the price per ton. Each company takes the lots it needs and pays only its share.

When the participants together fill the total volume, the operation is allocated and moves to logistics: shipment preparation, departure, transit and arrival at the named warehouse. Freight, insurance and customs clearance are contracted once for the whole container, and the cost is shared in proportion to each buyer's tons.

If the operation is not filled before its deadline, nobody is left stranded: the deposited funds are returned in full from the escrow account.`,
  },
  {
    slug: 'escrow-como-protegemos-tu-pago',
    publishedDaysAgo: 12,
    coverImagePath: '/images/blog/escrow.webp',
    titleEs: 'Escrow: cómo protegemos tu pago de principio a fin',
    titleEn: 'Escrow: how your payment is protected from start to finish',
    excerptEs:
      'Depósito, verificación y liberación: el recorrido de tu dinero en una operación y por qué el vendedor cobra solo después de la inspección.',
    excerptEn:
      'Deposit, verification and release: the path of your money in an operation, and why the seller is paid only after inspection.',
    bodyEs: `Pagar por adelantado a un proveedor en otro país es el mayor riesgo de una importación. Por eso en TradeOps el comprador nunca paga directamente al vendedor.

1. Depósito. Al participar en una operación transfieres el monto de tus toneladas (o lo entregas en efectivo en un canal verificado) a la cuenta escrow de la plataforma, con la referencia de pago de tu pedido, y subes el comprobante.

2. Verificación. Nuestro equipo concilia el comprobante con el extracto bancario y confirma el pago. Desde ese momento el dinero queda retenido en escrow, registrado en un libro contable de doble entrada que no admite modificaciones.

3. Liberación. Cuando la mercadería llega al almacén y la inspección independiente confirma cantidad y calidad, comienza un período de retención de 30 días. Al terminar, los fondos se liberan al vendedor. Si la operación vence sin completarse o se cancela, el dinero vuelve a cada comprador.

Cada movimiento queda registrado: en tu panel ves en qué estado está tu pago en todo momento.`,
    bodyEn: `Paying a supplier in another country up front is the biggest risk of an import. That is why on TradeOps the buyer never pays the seller directly.

1. Deposit. When you join an operation you wire the amount for your tons (or hand it over in cash through a verified channel) to the platform's escrow account, quoting your order's payment reference, and upload the proof.

2. Verification. Our team reconciles the proof with the bank statement and confirms the payment. From then on the money is held in escrow, recorded in a double-entry ledger that cannot be altered.

3. Release. When the goods reach the warehouse and the independent inspection confirms quantity and quality, a 30-day retention period starts. When it ends, the funds are released to the seller. If the operation expires unfilled or is cancelled, the money goes back to each buyer.

Every movement is recorded: your dashboard shows where your payment stands at all times.`,
  },
  {
    slug: 'kyc-por-que-verificamos-a-cada-empresa',
    publishedDaysAgo: 5,
    coverImagePath: '/images/blog/kyc.webp',
    titleEs: 'KYC: por qué verificamos a cada empresa antes de operar',
    titleEn: 'KYC: why we verify every company before it trades',
    excerptEs:
      'Los cinco documentos que pedimos, qué revisamos en cada uno y cómo la verificación protege a todos los participantes de una operación.',
    excerptEn:
      'The five documents we ask for, what we check in each, and how verification protects everyone in an operation.',
    bodyEs: `En una operación agrupada compartes embarque con otras empresas. Para que eso sea seguro, todas deben ser quienes dicen ser. Esa es la función del proceso KYC (conoce a tu cliente) y de los controles contra el lavado de dinero.

Pedimos cinco documentos: identificación oficial del representante legal, acta constitutiva o certificado de incorporación, comprobante de domicilio de la empresa, referencia bancaria y constancia fiscal. Revisamos que los datos coincidan entre sí y con el registro, que la empresa esté activa y que sus representantes no figuren en listas de sanciones.

La revisión toma hasta 48 horas hábiles. Si falta algo o un documento no es legible, te indicamos el motivo y puedes volver a subirlo sin empezar de nuevo.

Con la empresa verificada puedes participar en operaciones como comprador o publicar ofertas como vendedor. Los vendedores además pasan una revisión de cada operación que publican antes de que aparezca en el catálogo.`,
    bodyEn: `In a pooled operation you share a shipment with other companies. For that to be safe, every one of them must be who it says it is. That is the job of the KYC (know your customer) process and of the anti-money-laundering checks.

We ask for five documents: an official ID of the legal representative, the articles or certificate of incorporation, proof of the company's address, a bank reference and a tax certificate. We check that the data match each other and the registry, that the company is active and that its representatives are not on sanctions lists.

The review takes up to 48 business hours. If something is missing or a document is not legible, we tell you why and you can upload it again without starting over.

Once your company is verified you can join operations as a buyer or publish offers as a seller. Sellers also go through a review of every operation they publish before it appears in the catalogue.`,
  },
];

export async function seedDemoContent(tx: AppTransaction, now: Date): Promise<void> {
  await tx
    .insert(blogPosts)
    .values(
      DEMO_BLOG_POSTS.map((post) => {
        const publishedAt = new Date(now.getTime() - post.publishedDaysAgo * DAY_MS);
        return {
          id: demoId(`blog:${post.slug}`),
          slug: post.slug,
          titleEs: post.titleEs,
          titleEn: post.titleEn,
          excerptEs: post.excerptEs,
          excerptEn: post.excerptEn,
          bodyEs: post.bodyEs,
          bodyEn: post.bodyEn,
          coverImagePath: post.coverImagePath,
          authorName: 'Equipo TradeOps',
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      }),
    )
    .onConflictDoNothing();
  await tx
    .insert(platformSettings)
    .values(
      Object.entries(DEFAULT_PLATFORM_SETTINGS).map(([key, value]) => ({
        key,
        value,
        updatedAt: now,
        updatedBy: null,
      })),
    )
    .onConflictDoNothing();
}
