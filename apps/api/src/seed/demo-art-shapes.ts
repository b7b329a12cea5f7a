import { font, type Palette, pixels, pixelTree } from './demo-art-palette.js'
import type { ProductKind } from './demo-catalog.js'

/** The outline of each kind of product, drawn in its palette, with a place for the brand's mark. */

// ---------------------------------------------------------------- product shapes

type Shape = (p: Palette, mark: (cx: number, cy: number, px: number, fill?: string) => string) => string

const outline = (p: Palette, width = 10) => `stroke="${p.stroke}" stroke-width="${width}" stroke-linejoin="round"`

const longSleeveBody =
  'M430 250 L520 215 Q600 285 680 215 L770 250 L880 330 L985 760 L895 790 L795 470 L790 885 Q600 905 410 885 L405 470 L305 790 L215 760 L320 330 Z'

const knitTexture = (p: Palette) =>
  `<pattern id="knit" width="36" height="30" patternUnits="userSpaceOnUse"><path d="M4 6 L18 24 L32 6" fill="none" stroke="${p.dark}" stroke-width="5" stroke-linecap="round" opacity=".35"/></pattern>`

export const shapes: Record<ProductKind, Shape> = {
  tee: (p, mark) => `
    <path d="M430 250 L520 215 Q600 285 680 215 L770 250 L935 360 L868 490 L790 448 L790 885 Q600 905 410 885 L410 448 L332 490 L265 360 Z" fill="${p.base}" ${outline(p)}/>
    <path d="M520 215 Q600 285 680 215" fill="none" stroke="${p.dark}" stroke-width="20" stroke-linecap="round"/>
    <path d="M410 448 L440 330 M790 448 L760 330" stroke="${p.stroke}" stroke-width="6" opacity=".35"/>
    ${mark(600, 545, 26)}`,
  longsleeve: (p, mark) => `
    <path d="${longSleeveBody}" fill="${p.base}" ${outline(p)}/>
    <path d="M222 735 L312 765 L305 790 L215 760 Z M978 735 L888 765 L895 790 L985 760 Z" fill="${p.dark}" ${outline(p, 6)}/>
    <path d="M520 215 Q600 285 680 215" fill="none" stroke="${p.dark}" stroke-width="20" stroke-linecap="round"/>
    ${mark(600, 530, 24)}`,
  sweater: (p, mark) => `
    <defs>${knitTexture(p)}</defs>
    <path d="${longSleeveBody}" fill="${p.base}" ${outline(p)}/>
    <path d="${longSleeveBody}" fill="url(#knit)"/>
    <path d="M222 735 L312 765 L302 800 L212 770 Z M978 735 L888 765 L898 800 L988 770 Z" fill="${p.dark}" ${outline(p, 6)}/>
    <path d="M410 840 L790 840 L790 885 Q600 905 410 885 Z" fill="${p.dark}" ${outline(p, 6)}/>
    <path d="M510 222 Q600 310 690 222" fill="none" stroke="${p.dark}" stroke-width="30" stroke-linecap="round"/>
    ${mark(600, 540, 26)}`,
  hoodie: (p, mark) => `
    <path d="M455 270 C455 140 745 140 745 270 Z" fill="${p.dark}" ${outline(p)}/>
    <path d="${longSleeveBody}" fill="${p.base}" ${outline(p)}/>
    <path d="M222 735 L312 765 L305 790 L215 760 Z M978 735 L888 765 L895 790 L985 760 Z" fill="${p.dark}" ${outline(p, 6)}/>
    <path d="M505 218 Q600 330 695 218 Q600 250 505 218 Z" fill="${p.darker}"/>
    <path d="M566 262 L558 400 M634 262 L642 400" stroke="${p.light}" stroke-width="9" stroke-linecap="round"/>
    <path d="M470 700 L730 700 L770 840 L430 840 Z" fill="none" stroke="${p.stroke}" stroke-width="8" opacity=".55"/>
    ${mark(600, 540, 22)}`,
  socks: (p, mark) => {
    const sock = (x: number, y: number, angle: number) => `
      <g transform="translate(${x} ${y}) rotate(${angle})">
        <path d="M40 0 H190 V300 Q190 330 215 345 L300 395 Q345 425 325 470 Q305 505 255 495 L95 460 Q40 448 40 380 Z" fill="${p.base}" ${outline(p)}/>
        <rect x="40" y="0" width="150" height="62" fill="${p.dark}" ${outline(p, 6)}/>
        <rect x="40" y="92" width="150" height="22" fill="${p.light}"/>
        <path d="M255 495 Q305 505 325 470 Q345 425 300 395 L285 386 Q300 440 255 495 Z" fill="${p.dark}"/>
        ${mark(115, 220, 10)}
      </g>`
    return sock(330, 250, -6) + sock(560, 290, 4)
  },
  cap: (p, mark) => `
    <path d="M360 640 Q360 320 600 315 Q840 320 840 640 Z" fill="${p.base}" ${outline(p)}/>
    <path d="M600 318 L600 640 M480 332 Q440 480 470 640 M720 332 Q760 480 730 640" fill="none" stroke="${p.stroke}" stroke-width="6" opacity=".4"/>
    <circle cx="600" cy="318" r="20" fill="${p.dark}"/>
    <path d="M330 640 Q600 600 1000 660 Q1020 735 930 748 Q620 700 330 702 Z" fill="${p.dark}" ${outline(p)}/>
    ${mark(600, 500, 20)}`,
  beanie: (p, mark) => {
    const ribs = Array.from(
      { length: 10 },
      (_, i) => `M${420 + i * 40} ${420 - (i === 0 || i === 9 ? -60 : 0)} L${420 + i * 40} 650`,
    ).join(' ')
    const cuffRibs = Array.from({ length: 15 }, (_, i) => `M${385 + i * 31} 655 L${385 + i * 31} 795`).join(' ')
    return `
    <circle cx="600" cy="300" r="78" fill="${p.light}" ${outline(p, 8)}/>
    <path d="M380 690 Q380 340 600 330 Q820 340 820 690 Z" fill="${p.base}" ${outline(p)}/>
    <path d="${ribs}" stroke="${p.stroke}" stroke-width="6" opacity=".25"/>
    <rect x="360" y="640" width="480" height="170" rx="24" fill="${p.dark}" ${outline(p)}/>
    <path d="${cuffRibs}" stroke="${p.darker}" stroke-width="6" opacity=".35"/>
    <rect x="528" y="672" width="144" height="106" rx="12" fill="#F6F1E3" stroke="${p.stroke}" stroke-width="5"/>
    ${mark(600, 725, 10, p.darker)}`
  },
  scarf: (p, mark) => {
    const stripes = (x: number, y: number, w: number) =>
      `<rect x="${x}" y="${y}" width="${w}" height="20" fill="${p.light}"/><rect x="${x}" y="${y + 36}" width="${w}" height="20" fill="${p.light}"/>`
    const fringe = (x: number, y: number) =>
      Array.from({ length: 8 }, (_, i) => `M${x + 12 + i * 18} ${y} l0 44`).join(' ')
    return `
    <g transform="rotate(5 520 600)">
      <rect x="445" y="350" width="150" height="490" rx="12" fill="${p.base}" ${outline(p)}/>
      ${stripes(445, 720, 150)}
      <path d="${fringe(445, 840)}" stroke="${p.base}" stroke-width="9" stroke-linecap="round"/>
    </g>
    <g transform="rotate(-7 700 560)">
      <rect x="620" y="340" width="150" height="430" rx="12" fill="${p.dark}" ${outline(p)}/>
      ${stripes(620, 650, 150)}
      <path d="${fringe(620, 770)}" stroke="${p.dark}" stroke-width="9" stroke-linecap="round"/>
    </g>
    <path d="M410 300 Q600 210 790 300 Q770 400 600 405 Q430 400 410 300 Z" fill="${p.base}" ${outline(p)}/>
    ${mark(520, 560, 12)}`
  },
  mittens: (p, mark) => {
    const mitten = (transform: string) => `
      <g transform="${transform}">
        <path d="M40 250 Q-40 230 -20 150 Q-5 110 40 150 Z" fill="${p.base}" ${outline(p)}/>
        <path d="M40 120 Q40 0 140 0 Q240 0 240 120 L240 380 L40 380 Z" fill="${p.base}" ${outline(p)}/>
        <rect x="28" y="360" width="224" height="110" rx="16" fill="${p.dark}" ${outline(p, 8)}/>
        <path d="${Array.from({ length: 9 }, (_, i) => `M${52 + i * 22} 372 l0 86`).join(' ')}" stroke="${p.darker}" stroke-width="5" opacity=".4"/>
        ${mark(140, 200, 13)}
      </g>`
    return mitten('translate(330 280) rotate(-8)') + mitten('translate(870 300) scale(-1 1) rotate(-8)')
  },
  pin: (p, mark) => `
    <rect x="340" y="190" width="520" height="680" rx="30" fill="#FBF8F2" stroke="#D9D2C3" stroke-width="6"/>
    <rect x="560" y="222" width="80" height="22" rx="11" fill="#E9E2D3"/>
    <circle cx="600" cy="540" r="215" fill="#C9A227"/>
    <circle cx="600" cy="540" r="188" fill="${p.base}"/>
    <path d="M460 430 A180 180 0 0 1 640 360" fill="none" stroke="#FFFFFF" stroke-width="16" stroke-linecap="round" opacity=".35"/>
    ${mark(600, 545, 26)}
    <text x="600" y="825" text-anchor="middle" font-family="${font}" font-size="30" letter-spacing="6" fill="#8A8273">ENAMEL PIN</text>`,
  keychain: (p, mark) => `
    <circle cx="600" cy="245" r="62" fill="none" stroke="#B8BCC2" stroke-width="16"/>
    <ellipse cx="600" cy="325" rx="14" ry="22" fill="none" stroke="#B8BCC2" stroke-width="9"/>
    <rect x="395" y="355" width="410" height="450" rx="84" fill="#FFFFFF" stroke="#DADADA" stroke-width="6"/>
    <rect x="425" y="385" width="350" height="390" rx="64" fill="${p.base}"/>
    <circle cx="600" cy="382" r="16" fill="#EDE7DA" stroke="#DADADA" stroke-width="4"/>
    ${mark(600, 590, 24)}`,
  tote: (p, mark) => `
    <path d="M455 470 Q455 230 600 230 Q745 230 745 470" fill="none" stroke="${p.darker}" stroke-width="30"/>
    <path d="M485 470 Q485 265 600 265 Q715 265 715 470" fill="none" stroke="${p.dark}" stroke-width="30"/>
    <path d="M330 450 L870 450 L900 900 L300 900 Z" fill="${p.base}" ${outline(p)}/>
    <rect x="330" y="450" width="540" height="40" fill="${p.dark}" opacity=".3"/>
    ${mark(600, 690, 26)}`,
  sticker: (p, mark) => `
    <g transform="rotate(-14 600 560)">
      <rect x="380" y="330" width="440" height="440" rx="96" fill="#FFFFFF" stroke="#E5E0D5" stroke-width="4"/>
      <rect x="402" y="352" width="396" height="396" rx="78" fill="${p.light}"/>
    </g>
    <g transform="rotate(7 600 570)">
      <rect x="372" y="352" width="480" height="480" rx="124" fill="#000000" opacity=".08"/>
      <rect x="360" y="330" width="480" height="480" rx="124" fill="#FFFFFF" stroke="#E5E0D5" stroke-width="4"/>
      <rect x="386" y="356" width="428" height="428" rx="102" fill="${p.base}"/>
      ${mark(600, 570, 28)}
      <path d="M760 810 Q790 760 840 730 L840 810 Z" fill="#EFEAE0"/>
    </g>`,
  plush: (p) => `
    <path d="M405 400 L425 245 L515 345 Z M795 400 L775 245 L685 345 Z" fill="${p.dark}" ${outline(p)}/>
    <ellipse cx="600" cy="590" rx="255" ry="290" fill="${p.base}" ${outline(p)}/>
    <ellipse cx="360" cy="620" rx="48" ry="130" transform="rotate(12 360 620)" fill="${p.dark}" ${outline(p, 8)}/>
    <ellipse cx="840" cy="620" rx="48" ry="130" transform="rotate(-12 840 620)" fill="${p.dark}" ${outline(p, 8)}/>
    <ellipse cx="600" cy="675" rx="165" ry="180" fill="${p.light}"/>
    <path d="M520 640 q20 20 40 0 M580 640 q20 20 40 0 M640 640 q20 20 40 0 M550 700 q20 20 40 0 M610 700 q20 20 40 0 M580 760 q20 20 40 0" fill="none" stroke="${p.dark}" stroke-width="6" opacity=".5"/>
    <circle cx="522" cy="480" r="72" fill="#FFFFFF" ${outline(p, 8)}/>
    <circle cx="678" cy="480" r="72" fill="#FFFFFF" ${outline(p, 8)}/>
    <circle cx="532" cy="492" r="32" fill="#1A1A1A"/><circle cx="668" cy="492" r="32" fill="#1A1A1A"/>
    <circle cx="542" cy="480" r="9" fill="#FFFFFF"/><circle cx="678" cy="480" r="9" fill="#FFFFFF"/>
    <path d="M574 548 L626 548 L600 596 Z" fill="#E0A030"/>
    <ellipse cx="530" cy="878" rx="52" ry="22" fill="#E0A030"/><ellipse cx="670" cy="878" rx="52" ry="22" fill="#E0A030"/>`,
  mug: (p, mark) => `
    <path d="M520 300 q-25 -35 0 -70 q25 -35 0 -70 M600 290 q-25 -35 0 -70 q25 -35 0 -70 M680 300 q-25 -35 0 -70 q25 -35 0 -70" fill="none" stroke="#FFFFFF" stroke-width="12" stroke-linecap="round" opacity=".85"/>
    <path d="M760 470 Q905 470 905 605 Q905 740 760 740" fill="none" stroke="${p.stroke}" stroke-width="70" stroke-linecap="round"/>
    <path d="M760 470 Q905 470 905 605 Q905 740 760 740" fill="none" stroke="${p.base}" stroke-width="50" stroke-linecap="round"/>
    <rect x="380" y="380" width="400" height="480" rx="44" fill="${p.base}" ${outline(p)}/>
    <ellipse cx="580" cy="382" rx="200" ry="34" fill="${p.dark}" ${outline(p, 8)}/>
    <ellipse cx="580" cy="386" rx="176" ry="24" fill="#4A3426"/>
    <rect x="412" y="430" width="26" height="380" rx="13" fill="#FFFFFF" opacity=".22"/>
    ${mark(580, 620, 24)}`,
  bottle: (p, mark) => `
    <path d="M560 205 Q600 140 640 205" fill="none" stroke="${p.darker}" stroke-width="16"/>
    <rect x="515" y="200" width="170" height="120" rx="26" fill="${p.darker}" ${outline(p, 8)}/>
    <rect x="540" y="315" width="120" height="50" fill="${p.dark}"/>
    <rect x="465" y="350" width="270" height="565" rx="96" fill="${p.base}" ${outline(p)}/>
    <rect x="465" y="520" width="270" height="16" fill="${p.dark}" opacity=".3"/>
    <rect x="500" y="560" width="22" height="290" rx="11" fill="#FFFFFF" opacity=".22"/>
    ${mark(600, 680, 22)}`,
  poster: (p, mark) => {
    const trees = Array.from({ length: 7 }, (_, i) => {
      const x = 400 + i * 62
      const h = 90 + ((i * 37) % 50)
      return `<path d="M${x} 790 L${x + 30} ${790 - h} L${x + 60} 790 Z"/>`
    }).join('')
    return `
    <rect x="318" y="178" width="564" height="744" rx="8" fill="#2B2B2B"/>
    <rect x="345" y="205" width="510" height="690" fill="#FAF7F0"/>
    <rect x="385" y="245" width="430" height="560" fill="${p.base}"/>
    <circle cx="708" cy="345" r="46" fill="#FFF6D8"/>
    <g fill="#FFF6D8" opacity=".85"><rect x="430" y="300" width="8" height="8"/><rect x="520" y="350" width="6" height="6"/><rect x="610" y="280" width="8" height="8"/><rect x="470" y="430" width="6" height="6"/><rect x="760" y="450" width="6" height="6"/></g>
    <path d="M385 700 L520 520 L640 700 Z M560 700 L700 545 L815 700 Z" fill="${p.dark}"/>
    <g fill="${p.darker}">${trees}</g>
    <rect x="385" y="780" width="430" height="25" fill="${p.darker}"/>
    ${mark(600, 852, 5, '#8A8273')}`
  },
  deskmat: (p) => {
    const trees = Array.from({ length: 9 }, (_, i) =>
      pixels(pixelTree, 250 + i * 88 + (i % 2) * 10, 770 - (i % 3) * 14, 7, p.dark),
    ).join('')
    const keys = Array.from(
      { length: 4 },
      (_, r) => `M${335 - r * 7} ${628 + r * 20} L${768 + r * 7} ${628 + r * 20}`,
    ).join(' ')
    return `
    <path d="M200 560 L1000 560 L1095 835 L105 835 Z" fill="${p.base}" ${outline(p)}/>
    <path d="M216 574 L984 574 L1074 821 L126 821 Z" fill="none" stroke="${p.light}" stroke-width="5" stroke-dasharray="14 10"/>
    ${trees}
    <path d="M325 600 L775 600 L805 710 L295 710 Z" fill="#ECECEC" stroke="#CFCFCF" stroke-width="5"/>
    <path d="${keys}" stroke="#CFCFCF" stroke-width="4"/>
    <ellipse cx="910" cy="650" rx="42" ry="62" fill="#F3F3F3" stroke="#CFCFCF" stroke-width="5"/>`
  },
  blanket: (p, mark) => `
    <defs>${knitTexture(p)}</defs>
    <rect x="290" y="640" width="620" height="130" rx="36" fill="${p.darker}" ${outline(p)}/>
    <rect x="310" y="520" width="580" height="130" rx="36" fill="${p.dark}" ${outline(p)}/>
    <rect x="330" y="400" width="540" height="130" rx="36" fill="${p.base}" ${outline(p)}/>
    <rect x="330" y="400" width="540" height="130" rx="36" fill="url(#knit)"/>
    <path d="${Array.from({ length: 6 }, (_, i) => `M${290 - 4} ${660 + i * 18} l-34 6`).join(' ')}" stroke="${p.darker}" stroke-width="6" stroke-linecap="round"/>
    ${mark(600, 465, 9)}`,
  notebook: (p, mark) => `
    <rect x="800" y="236" width="18" height="610" rx="4" fill="#F5F1E6" stroke="#D9D2C3" stroke-width="4"/>
    <rect x="390" y="220" width="420" height="640" rx="20" fill="${p.base}" ${outline(p)}/>
    <rect x="390" y="220" width="54" height="640" rx="14" fill="${p.dark}"/>
    <rect x="735" y="220" width="24" height="640" fill="${p.darker}"/>
    <rect x="490" y="320" width="210" height="84" rx="10" fill="#F6F1E3"/>
    <rect x="520" y="345" width="150" height="12" rx="6" fill="#B9B0A0"/><rect x="540" y="370" width="110" height="10" rx="5" fill="#D2CABB"/>
    ${mark(595, 610, 22)}`,
  box: (p, mark) => `
    <path d="M600 300 L860 420 L600 540 L340 420 Z" fill="${p.light}" ${outline(p)}/>
    <path d="M340 420 L600 540 L600 860 L340 740 Z" fill="${p.base}" ${outline(p)}/>
    <path d="M600 540 L860 420 L860 740 L600 860 Z" fill="${p.dark}" ${outline(p)}/>
    <path d="M455 367 L715 487 L745 473 L485 353 Z" fill="#F3EAD3" opacity=".85"/>
    <path d="M715 487 L715 580 L745 566 L745 473 Z" fill="#E3D5BC" opacity=".85"/>
    <g transform="translate(470 650) skewY(24.8)">${mark(0, 0, 16)}</g>
    <g transform="translate(730 650) skewY(-24.8)"><text x="0" y="55" text-anchor="middle" font-family="${font}" font-size="170" font-weight="800" fill="${p.ink}" opacity=".9">?</text></g>`,
  yarn: (p) => `
    <path d="M730 720 Q880 760 930 880" fill="none" stroke="${p.base}" stroke-width="16" stroke-linecap="round"/>
    <circle cx="560" cy="600" r="232" fill="${p.base}" ${outline(p)}/>
    <path d="M350 560 Q560 380 775 520 M345 640 Q560 470 785 610 M380 730 Q580 560 760 700 M470 390 Q380 600 520 825 M600 370 Q480 600 640 830 M710 410 Q600 620 730 780" fill="none" stroke="${p.dark}" stroke-width="10" opacity=".55"/>
    <path d="M700 250 L985 770 M990 300 L715 815" stroke="#C8A26B" stroke-width="18" stroke-linecap="round"/>
    <circle cx="700" cy="250" r="22" fill="${p.darker}"/><circle cx="990" cy="300" r="22" fill="${p.darker}"/>`,
  digital: (p, mark) => `
    <rect x="215" y="255" width="690" height="450" rx="26" fill="#2A2D31"/>
    <rect x="245" y="285" width="630" height="390" rx="10" fill="${p.base}"/>
    <circle cx="770" cy="360" r="40" fill="#FFF6D8" opacity=".9"/>
    ${Array.from({ length: 6 }, (_, i) => pixels(pixelTree, 300 + i * 100, 610 - (i % 2) * 20, 9, p.darker)).join('')}
    <path d="M525 705 L595 705 L615 805 L505 805 Z" fill="#3A3D40"/>
    <rect x="440" y="800" width="240" height="26" rx="13" fill="#3A3D40"/>
    <rect x="800" y="430" width="220" height="410" rx="34" fill="#2A2D31"/>
    <rect x="816" y="458" width="188" height="354" rx="20" fill="${p.light}"/>
    ${mark(910, 635, 14, p.darker)}
    <circle cx="300" cy="820" r="62" fill="${p.ink}" opacity=".9"/>
    <path d="M300 780 L300 845 M272 818 L300 846 L328 818" fill="none" stroke="${p.base}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
  pattern: (p) => {
    const cells: string[] = []
    const chart = [
      '............',
      '..##....##..',
      '.####..####.',
      '############',
      '############',
      '.##########.',
      '..########..',
      '...######...',
      '....####....',
      '.....##.....',
      '............',
    ]
    for (const [r, row] of chart.entries()) {
      for (const [c, cell] of [...row].entries()) {
        cells.push(
          `<rect x="${430 + c * 30}" y="${345 + r * 30}" width="30" height="30" fill="${cell === '#' ? p.base : '#FFFFFF'}" stroke="#DDD6C8" stroke-width="2"/>`,
        )
      }
    }
    return `
    <path d="M380 200 H760 L840 280 V880 H380 Z" fill="#FFFFFF" stroke="#D9D2C3" stroke-width="6"/>
    <path d="M760 200 V280 H840 Z" fill="#EEE8DC" stroke="#D9D2C3" stroke-width="6" stroke-linejoin="round"/>
    <rect x="430" y="245" width="250" height="22" rx="6" fill="#3A3A3A" opacity=".8"/>
    <rect x="430" y="285" width="180" height="14" rx="6" fill="#B9B0A0"/>
    ${cells.join('')}
    <rect x="690" y="790" width="120" height="58" rx="12" fill="${p.base}"/>
    <text x="750" y="831" text-anchor="middle" font-family="${font}" font-size="32" font-weight="700" fill="${p.ink}">PDF</text>`
  },
}
