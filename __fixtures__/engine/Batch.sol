// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug: an out-of-bounds panic (0x32) in 1 transaction that needs specific array lengths:
// distribute() with exactly 4 amounts (a quarterly schedule) and 1 to 3 recipients. The length
// check lets a 4-amount batch through with any number of recipients, and the quarterly loop
// indexes recipients[q] for q < 4.
// Safe twin: BatchSafe.sol (recipients and amounts must have equal lengths).
contract Batch {
    uint256 public constant QUARTERS = 4;

    struct Payout {
        address feeRecipient;
        uint16 feeBps;
    }

    mapping(address => uint256) public credited;
    uint256 public batches;

    function distribute(address[] calldata recipients, uint256[] calldata amounts, Payout calldata payout) external {
        require(recipients.length > 0, "no recipients");
        require(recipients.length == amounts.length || amounts.length == QUARTERS, "length mismatch");
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
