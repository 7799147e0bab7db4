// Written by scripts/countries.mjs: every country's mobiles, which the endpoint holds from the start.
import type {Mobiles} from '../phone';
import AU from './AU.json';
import NZ from './NZ.json';
import FJ from './FJ.json';
import PG from './PG.json';
import SB from './SB.json';
import VU from './VU.json';
import NC from './NC.json';
import PF from './PF.json';
import WS from './WS.json';
import TO from './TO.json';
import KI from './KI.json';
import TV from './TV.json';
import NR from './NR.json';
import CK from './CK.json';
import NU from './NU.json';
import TK from './TK.json';
import WF from './WF.json';
import NF from './NF.json';
import FM from './FM.json';
import MH from './MH.json';
import PW from './PW.json';

export const EVERY_COUNTRY: Readonly<Record<string, Mobiles>> = {AU, NZ, FJ, PG, SB, VU, NC, PF, WS, TO, KI, TV, NR, CK, NU, TK, WF, NF, FM, MH, PW} as unknown as Record<string, Mobiles>;
