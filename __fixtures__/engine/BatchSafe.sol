// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Batch.sol: recipients and amounts must have equal lengths, so the quarterly loop
// never indexes past the end of recipients.
contract BatchSafe {
    uint256 public constant QUARTERS = 4;

    struct Payout {
        address feeRecipient;
        uint16 feeBps;
    }

    mapping(address => uint256) public credited;
    uint256 public batches;

    function distribute(address[] calldata recipients, uint256[] calldata amounts, Payout calldata payout) external {
        require(recipients.length > 0, "no recipients");
        require(recipients.length == amounts.length, "length mismatch");
        require(payout.feeBps <= 1_000, "fee too high");
        uint256 total;
        if (amounts.length == QUARTERS) {
            // One amount per quarter, paid to the recipients in turn.
            for (uint256 q = 0; q < QUARTERS; q++) {
                credited[recipients[q]] += amounts[q];
                total += amounts[q];
            }
        } else {
            for (uint256 i = 0; i < amounts.length; i++) {
                credited[recipients[i]] += amounts[i];
                total += amounts[i];
            }
        }
        credited[payout.feeRecipient] += (total * payout.feeBps) / 10_000;
        batches += 1;
    }
}
