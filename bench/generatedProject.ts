import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The settings of the generated project, as its foundry.toml states them. */
export const BENCH_PROJECT = {
  solc: '0.8.17',
  optimizer: { enabled: true, runs: 200 },
  remappings: ['mini/=lib/mini/src/'],
  /** forge's default EVM for 0.8.17 (the newest that release knows). */
  evmVersion: 'london',
} as const;

const HEADER = `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.13;\n`;
const TOKENS = 6;
const VAULTS = 4;

const LIBRARY_FILES: Record<string, string> = {
  'lib/mini/src/IERC20.sol': `interface IERC20 {
    event Transfer(address indexed from, address indexed to, uint256 amount);
    function totalSupply() external view returns (uint256);
    function balanceOf(address who) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}`,
  'lib/mini/src/ERC20.sol': `import {IERC20} from "./IERC20.sol";
abstract contract ERC20 is IERC20 {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;
    function transfer(address to, uint256 amount) public virtual returns (bool) { _move(msg.sender, to, amount); return true; }
    function approve(address spender, uint256 amount) public returns (bool) { allowance[msg.sender][spender] = amount; return true; }
    function transferFrom(address from, address to, uint256 amount) public virtual returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
        return true;
    }
    function _move(address from, address to, uint256 amount) internal { balanceOf[from] -= amount; balanceOf[to] += amount; emit Transfer(from, to, amount); }
    function _mint(address to, uint256 amount) internal { totalSupply += amount; balanceOf[to] += amount; emit Transfer(address(0), to, amount); }
    function _burn(address from, uint256 amount) internal { balanceOf[from] -= amount; totalSupply -= amount; emit Transfer(from, address(0), amount); }
}`,
  'lib/mini/src/Ownable.sol': `abstract contract Ownable {
    address public owner = msg.sender;
    error NotOwner(address caller);
    modifier onlyOwner() { if (msg.sender != owner) revert NotOwner(msg.sender); _; }
    function transferOwnership(address next) external onlyOwner { owner = next; }
}`,
  'lib/mini/src/SafeCast.sol': `library SafeCast {
    function toUint128(uint256 x) internal pure returns (uint128) { require(x <= type(uint128).max, "cast"); return uint128(x); }
    function toInt256(uint256 x) internal pure returns (int256) { require(x <= uint256(type(int256).max), "cast"); return int256(x); }
}`,
  'src/interfaces/IVault.sol': `import {IERC20} from "mini/IERC20.sol";
interface IVault { function asset() external view returns (IERC20); function deposit(uint256 assets) external returns (uint256); function withdraw(uint256 shares) external returns (uint256); }`,
  'src/interfaces/IOracle.sol': `interface IOracle { function price(address asset) external view returns (uint256); }`,
  'src/interfaces/IRewards.sol': `interface IRewards { function notify(address who, uint256 amount) external; }`,
  'src/libraries/FixedPoint.sol': `library FixedPoint {
    uint256 internal constant ONE = 1e18;
    function mulDown(uint256 a, uint256 b) internal pure returns (uint256) { return a * b / ONE; }
    function divDown(uint256 a, uint256 b) internal pure returns (uint256) { return a * ONE / b; }
    function mulDivUp(uint256 a, uint256 b, uint256 d) internal pure returns (uint256) { return (a * b + d - 1) / d; }
}`,
  'src/libraries/Accounting.sol': `import {FixedPoint} from "./FixedPoint.sol";
library Accounting {
    using FixedPoint for uint256;
    function toShares(uint256 assets, uint256 supply, uint256 total) internal pure returns (uint256) { return supply == 0 ? assets : assets * supply / total; }
    function toAssets(uint256 shares, uint256 supply, uint256 total) internal pure returns (uint256) { return supply == 0 ? shares : shares.mulDivUp(total, supply); }
}`,
  'src/libraries/Checks.sol': `library Checks {
    error Zero(string what);
    function nonZero(uint256 x, string memory what) internal pure returns (uint256) { if (x == 0) revert Zero(what); return x; }
    function nonZero(address x, string memory what) internal pure returns (address) { if (x == address(0)) revert Zero(what); return x; }
}`,
  'src/Oracle.sol': `import {IOracle} from "./interfaces/IOracle.sol";
import {Ownable} from "mini/Ownable.sol";
contract Oracle is IOracle, Ownable {
    mapping(address => uint256) internal prices;
    function set(address asset, uint256 value) external onlyOwner { prices[asset] = value; }
    function price(address asset) external view returns (uint256) { return prices[asset] == 0 ? 1e18 : prices[asset]; }
}`,
  'src/Rewards.sol': `import {IRewards} from "./interfaces/IRewards.sol";
import {SafeCast} from "mini/SafeCast.sol";
contract Rewards is IRewards {
    using SafeCast for uint256;
    mapping(address => uint128) public earned;
    function notify(address who, uint256 amount) external { earned[who] += amount.toUint128(); }
}`,
};

function token(i: number): string {
  return `import {ERC20} from "mini/ERC20.sol";
import {Ownable} from "mini/Ownable.sol";
import {Checks} from "../libraries/Checks.sol";
import {FixedPoint} from "../libraries/FixedPoint.sol";
contract Token${i} is ERC20, Ownable {
    using FixedPoint for uint256;
    string public name = "Token ${i}";
    uint256 public feeRate = ${i} * 1e15;
    constructor() { _mint(msg.sender, ${i} * 1e24); }
    function mint(address to, uint256 amount) external onlyOwner { _mint(Checks.nonZero(to, "to"), amount); }
    function burn(uint256 amount) external { _burn(msg.sender, amount); }
    function transfer(address to, uint256 amount) public override returns (bool) {
        uint256 fee = amount.mulDown(feeRate);
        _move(msg.sender, owner, fee);
        _move(msg.sender, to, amount - fee);
        return true;
    }
}`;
}

function vault(i: number): string {
  return `import {IERC20} from "mini/IERC20.sol";
import {ERC20} from "mini/ERC20.sol";
import {IVault} from "./interfaces/IVault.sol";
import {IOracle} from "./interfaces/IOracle.sol";
import {IRewards} from "./interfaces/IRewards.sol";
import {Accounting} from "./libraries/Accounting.sol";
import {Checks} from "./libraries/Checks.sol";
contract Vault${i} is ERC20, IVault {
    IERC20 public immutable asset;
    IOracle public immutable oracle;
    IRewards public immutable rewards;
    constructor(IERC20 asset_, IOracle oracle_, IRewards rewards_) { asset = asset_; oracle = oracle_; rewards = rewards_; }
    function totalAssets() public view returns (uint256) { return asset.balanceOf(address(this)); }
    function deposit(uint256 assets) external returns (uint256 shares) {
        shares = Accounting.toShares(Checks.nonZero(assets, "assets"), totalSupply, totalAssets());
        asset.transferFrom(msg.sender, address(this), assets);
        _mint(msg.sender, shares);
        rewards.notify(msg.sender, shares * oracle.price(address(asset)) / 1e18 / ${i});
    }
    function withdraw(uint256 shares) external returns (uint256 assets) {
        assets = Accounting.toAssets(shares, totalSupply, totalAssets());
        _burn(msg.sender, shares);
        asset.transfer(msg.sender, assets);
    }
}`;
}

function router(): string {
  const vaults = Array.from({ length: VAULTS }, (_, i) => i + 1);
  return `import {IVault} from "./interfaces/IVault.sol";
${vaults.map((i) => `import {Vault${i}} from "./Vault${i}.sol";`).join('\n')}
contract Router {
    IVault[] public vaults;
    function add(IVault v) external { vaults.push(v); }
    function depositAll(uint256 amount) external { for (uint256 i = 0; i < vaults.length; i++) vaults[i].deposit(amount / vaults.length); }
    function kinds() external pure returns (bytes32[${VAULTS}] memory k) {
${vaults.map((i) => `        k[${i - 1}] = keccak256(type(Vault${i}).creationCode);`).join('\n')}
    }
}`;
}

/** Writes a 23-file Foundry project (a lib/ dependency through a remapping, tokens, vaults, libraries, interfaces) into `root`. */
export async function writeBenchProject(root: string): Promise<number> {
  const files: Record<string, string> = { ...LIBRARY_FILES, 'src/Router.sol': router() };
  for (let i = 1; i <= TOKENS; i++) files[`src/tokens/Token${i}.sol`] = token(i);
  for (let i = 1; i <= VAULTS; i++) files[`src/Vault${i}.sol`] = vault(i);
  const foundryToml = `[profile.default]
src = "src"
libs = ["lib"]
solc = "${BENCH_PROJECT.solc}"
optimizer = ${BENCH_PROJECT.optimizer.enabled}
optimizer_runs = ${BENCH_PROJECT.optimizer.runs}
remappings = [${BENCH_PROJECT.remappings.map((r) => `"${r}"`).join(', ')}]
`;
  await writeFile(path.join(root, 'foundry.toml'), foundryToml);
  for (const [file, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), `${HEADER}${body}\n`);
  }
  return Object.keys(files).length;
}
