// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of BonusCodeWallet.sol: PopCode requires a non-empty array and uses pop(), so the
// length never underflows, SetCodeAt stays inside the array and the owner never changes.
contract BonusCodeWalletSafe {
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
        require(bonusCodes.length > 0);
        bonusCodes.pop();
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
