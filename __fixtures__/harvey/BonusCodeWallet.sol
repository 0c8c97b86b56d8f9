// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Harvey Fig. 3 (USCC 2017): PopCode's precondition `0 <= length` always holds, so popping the
// empty array underflows its length to 2^256 - 1 (0.8 has no `length--`: the decrement is done
// in assembly, as 0.4 did it). That disables SetCodeAt's bounds check: bonusCodes[i] is the slot
// keccak256(1) + i mod 2^256, any slot at all.
// Bugs: PopCode(), SetCodeAt(i, c) writes an arbitrary slot (arbitrary-storage-write, SWC-124);
// with i = 2^256 - keccak256(abi.encode(1)) it overwrites `owner` (slot 0), which breaks
// property_owner_unchanged. That index is no constant of the bytecode.
// Safe twin: BonusCodeWalletSafe.sol (PopCode requires a non-empty array and uses pop()).
contract BonusCodeWallet {
    address private owner;
    uint256[] private bonusCodes;
    address private immutable initialOwner;

    constructor() {
        owner = msg.sender;
        initialOwner = msg.sender;
    }

    receive() external payable {}

    function PushCode(uint256 c) external {
        bonusCodes.push(c);
    }

    function PopCode() external {
        require(0 <= bonusCodes.length);
        assembly {
            sstore(bonusCodes.slot, sub(sload(bonusCodes.slot), 1))
        }
    }

    function SetCodeAt(uint256 i, uint256 c) external {
        require(i < bonusCodes.length);
        bonusCodes[i] = c;
    }

    function Destroy() external {
        require(msg.sender == owner);
        payable(msg.sender).transfer(address(this).balance);
    }

    function property_owner_unchanged() external view returns (bool) {
        return owner == initialOwner;
    }
}
