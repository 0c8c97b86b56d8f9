// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Ether vesting for one beneficiary over a fixed schedule (as OpenZeppelin's VestingWallet).
contract Vesting {
    address public immutable beneficiary;
    uint64 public immutable start;
    uint64 public immutable duration;
    uint256 public released;

    event EtherReleased(uint256 amount);

    constructor() payable {
        beneficiary = msg.sender;
        start = uint64(block.timestamp);
        duration = 30 days;
    }

    receive() external payable {}

    function vestedAmount(uint64 timestamp) public view returns (uint256) {
        uint256 total = address(this).balance + released;
        if (timestamp < start) return 0;
        if (timestamp >= start + duration) return total;
        return (total * (timestamp - start)) / duration;
    }

    function releasable() public view returns (uint256) {
        return vestedAmount(uint64(block.timestamp)) - released;
    }

    function release() external {
        uint256 amount = releasable();
        released += amount;
        emit EtherReleased(amount);
        (bool ok, ) = beneficiary.call{value: amount}("");
        require(ok, "Vesting: transfer failed");
    }
}
