/**
 * The demo data model: a few chunks for the demo catalogue's goods (shoes, electronics, home &
 * garden). The shoe chunks have a required `Schoenmaat` value list holding every EU size of the
 * US -> EU table plus the whole and half sizes in between. Chunk ids look like bol's GPC ids.
 */
import { US_TO_EU_SHOE_SIZES } from '../../../shared/rules/shoe-size';
import type { ModelFile } from './model-file';

type Attribute = ModelFile['chunks'][number]['attributes'][number];

function euSizeOrder(size: string): number {
  const [whole = '0', fraction] = size.split(' ');
  const base = Number(whole);
  if (fraction === '1/3') return base + 1 / 3;
  if (fraction === '2/3') return base + 2 / 3;
  return base;
}

/** '33 2/3' … '50 2/3': the table's sizes, plus 35 … 50 and their halves. */
export const DEMO_SCHOENMAAT_VALUES: readonly string[] = (() => {
  const sizes = new Set<string>(US_TO_EU_SHOE_SIZES.map(([, eu]) => eu));
  for (let size = 35; size <= 50; size += 0.5) sizes.add(String(size));
  return [...sizes].sort((a, b) => euSizeOrder(a) - euSizeOrder(b));
})();

const common: Attribute[] = [
  { id: 'EAN', name: 'EAN', required: true, description: 'The GTIN-13 of the product; bol links the content to it.' },
  { id: 'Name', name: 'Name', required: true, description: 'Title on bol: brand, model, main property.' },
  { id: 'Description', name: 'Description', required: true, description: 'Product description (rich text).' },
  { id: 'Brand', name: 'Brand', required: true, description: 'The brand as bol knows it.' },
];

const measures: Attribute[] = [
  { id: 'Width', name: 'Width', description: 'Width of the product.', unit: 'unece.unit.CMT' },
  { id: 'Length', name: 'Length', description: 'Length of the product.', unit: 'unece.unit.CMT' },
  { id: 'Height', name: 'Height', description: 'Height of the product.', unit: 'unece.unit.CMT' },
  { id: 'Weight', name: 'Weight', description: 'Weight of the product.', unit: 'unece.unit.KGM' },
];

const colour: Attribute = { id: 'Colour', name: 'Colour', description: 'Main colour as the customer sees it.' };
const material: Attribute = { id: 'Material', name: 'Material', description: 'Main material.' };

const shoe = (chunkId: string, chunkName: string): ModelFile['chunks'][number] => ({
  chunkId,
  chunkName,
  attributes: [
    ...common,
    { id: 'Schoenmaat', name: 'Schoenmaat', required: true, description: 'EU shoe size.', valueList: [...DEMO_SCHOENMAAT_VALUES], prefill: 'shoeSize' },
    { id: 'Gender', name: 'Gender', description: 'Who the shoe is made for.', valueList: ['Heren', 'Dames', 'Unisex', 'Kinderen'] },
    { ...colour, required: true },
    material,
    { id: 'Weight', name: 'Weight', description: 'Weight of one shoe.', unit: 'unece.unit.KGM' },
  ],
});

export const DEMO_MODEL: ModelFile = {
  chunks: [
    shoe('10001074', 'Sneakers'),
    shoe('10001075', 'Running Shoes'),
    shoe('10001076', 'Boots'),
    shoe('10001077', 'Sandals'),
    {
      chunkId: '10001345',
      chunkName: 'Headphones',
      attributes: [
        ...common,
        colour,
        { id: 'Connection Type', name: 'Connection type', description: 'How it connects.', valueList: ['Bluetooth', 'Cable', 'Bluetooth and cable'] },
        ...measures,
      ],
    },
    { chunkId: '10001346', chunkName: 'Chargers & Cables', attributes: [...common, colour, { id: 'Connector', name: 'Connector', description: 'Plug type.', valueList: ['USB-C', 'USB-A', 'Lightning', 'Micro-USB', 'Wireless'] }, ...measures] },
    { chunkId: '10001347', chunkName: 'Speakers', attributes: [...common, { ...colour, required: true }, ...measures] },
    { chunkId: '10001348', chunkName: 'Smart Home', attributes: [...common, colour, { id: 'Protocol', name: 'Protocol', description: 'Smart home protocol.', valueList: ['Wi-Fi', 'Zigbee', 'Z-Wave', 'Bluetooth', 'Matter'] }, ...measures] },
    { chunkId: '10001349', chunkName: 'Computer Accessories', attributes: [...common, colour, material, ...measures] },
    { chunkId: '10002101', chunkName: 'Garden Tools', attributes: [...common, { ...material, required: true }, colour, ...measures] },
    { chunkId: '10002102', chunkName: 'Planters', attributes: [...common, material, colour, { id: 'Size', name: 'Size', description: 'Size class.', valueList: ['S', 'M', 'L', 'XL'] }, ...measures] },
    { chunkId: '10002103', chunkName: 'Garden Furniture', attributes: [...common, { ...material, required: true }, colour, ...measures] },
    { chunkId: '10002104', chunkName: 'Outdoor Lighting', attributes: [...common, material, colour, ...measures] },
    { chunkId: '10002105', chunkName: 'Kitchen', attributes: [...common, material, colour, ...measures] },
    { chunkId: '10002106', chunkName: 'Storage', attributes: [...common, material, colour, ...measures] },
  ],
};
